import { useRouter } from '@tanstack/react-router'
import { CircleCheck, MapPin } from 'lucide-react'
import { useState } from 'react'
import { contactRequestSchema } from '~/lib/contact-api'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { organisationAddress } from '../shell/HomeLayouts'
import { useHostOrganisation, useTenant } from '../shell/host'
import { ShopAddress } from '../shell/ShopLayout'

/**
 * Whom the message reaches, beside the form. The server stores it for the host's tenant, so on a
 * shop's (or club's) host it goes to that shop, on the main domain to the platform.
 */
function Recipient() {
  const config = useTenant()?.config
  const organisation = useHostOrganisation()
  if (config) {
    return (
      <>
        <p className="mt-4 text-lg text-ink-muted">
          Fragen an {config.shopName}? Ihre Nachricht geht direkt an uns.
        </p>
        <div className="mt-6 text-ink-muted">
          <ShopAddress config={config} />
        </div>
      </>
    )
  }
  if (organisation) {
    const address = organisationAddress(organisation)
    return (
      <>
        <p className="mt-4 text-lg text-ink-muted">
          Fragen an {organisation.name}? Ihre Nachricht geht direkt an uns.
        </p>
        <address className="mt-6 space-y-2 text-ink-muted not-italic">
          <p className="font-semibold text-ink">{organisation.name}</p>
          {address && (
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {address}
            </p>
          )}
        </address>
      </>
    )
  }
  return (
    <p className="mt-4 text-lg text-ink-muted">
      Fragen zu Blattwerk, eine Vorführung für Ihre Apotheke oder Ihren Verein, oder Hilfe bei Ihrem
      Zugang? Schreiben Sie uns – wir antworten in der Regel innerhalb eines Werktags.
    </p>
  )
}

export function ContactPage() {
  const { api } = useRouter().options.context
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const form = useAppForm({
    defaultValues: { name: '', email: '', subject: '', message: '' },
    validators: { onSubmit: contactRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await api.request('/api/contact', { method: 'POST', body: value })
        formApi.reset()
        setSent(true)
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <h1 className="text-display font-semibold text-brand-900">Kontakt</h1>
        <Recipient />
      </div>
      <section
        aria-labelledby="contact-form-title"
        className="rounded-card border border-border bg-surface p-6 shadow-sm"
      >
        <h2 id="contact-form-title" className="text-lg font-semibold text-ink">
          Nachricht schreiben
        </h2>
        {sent ? (
          <div
            role="status"
            className="mt-4 flex gap-3 rounded-lg bg-success-soft p-4 text-success"
          >
            <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">Danke für Ihre Nachricht!</p>
              <p className="mt-1 text-sm">
                Wir haben sie erhalten und melden uns so bald wie möglich.
              </p>
              <button
                type="button"
                onClick={() => setSent(false)}
                className="mt-3 text-sm font-medium underline"
              >
                Weitere Nachricht schreiben
              </button>
            </div>
          </div>
        ) : (
          <form.AppForm>
            <form.FormFrame className="mt-4 space-y-4">
              {failure && <FormAlert>{failure}</FormAlert>}
              <div className="grid gap-4 sm:grid-cols-2">
                <form.AppField name="name">
                  {(field) => <field.TextField label="Name" autoComplete="name" />}
                </form.AppField>
                <form.AppField name="email">
                  {(field) => (
                    <field.TextField label="E-Mail-Adresse" type="email" autoComplete="email" />
                  )}
                </form.AppField>
              </div>
              <form.AppField name="subject">
                {(field) => <field.TextField label="Betreff" />}
              </form.AppField>
              <form.AppField name="message">
                {(field) => <field.TextField label="Nachricht" multiline />}
              </form.AppField>
              <p className="text-sm text-ink-muted">
                Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten.
              </p>
              <form.SubmitButton>Nachricht senden</form.SubmitButton>
            </form.FormFrame>
          </form.AppForm>
        )}
      </section>
    </div>
  )
}
