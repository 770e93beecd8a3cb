import { useAppForm } from '~/features/forms/form-hook'
import { useSession } from '~/features/session/use-session'
import { FormDialog } from '~/features/ui/FormDialog'
import { FailureError, failureOf } from '~/lib/failure'
import {
  amountUnitOf,
  type ConfiguratorProduct,
  type PrescriptionConfiguration,
  searchFromConfiguration,
} from '~/lib/prescription-configurator'
import { formatDecimal } from '~/lib/product-display'
import { guestSchema, reservationHoldHours } from '~/lib/shop-reservations'
import { reservePrescriptionFn } from './configurator.functions'

/**
 * The dialog's fields are the guest's: their errors (`guest.email`) go under them; an objection to
 * the configuration (it changed in another tab) is shown as the dialog's message.
 */
function guestFieldsOnly(error: unknown): FailureError {
  const failure = failureOf(error)
  if (!failure.errors) return new FailureError(failure)
  const entries = Object.entries(failure.errors)
  const guestErrors = entries.filter(([key]) => key.startsWith('guest.'))
  if (guestErrors.length < entries.length) {
    const [, message] = entries.find(([key]) => !key.startsWith('guest.')) as [string, string]
    return new FailureError({ status: failure.status, message })
  }
  return new FailureError({
    ...failure,
    errors: Object.fromEntries(guestErrors.map(([key, message]) => [key.slice(6), message])),
  })
}

/**
 * Reserving the configured product: a logged-in shop customer confirms, a guest gives name,
 * e-mail address and phone number. `onReserved` hears the reservation's id once the dialog is
 * closed, so leaving for the confirmation is not taken for leaving a changed form.
 */
export function ReserveDialog({
  open,
  onOpenChange,
  configuration,
  product,
  onReserved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  configuration: PrescriptionConfiguration
  product: ConfiguratorProduct
  onReserved: (id: string) => void
}) {
  const session = useSession()
  const customer = session.accountType === 'b2c' ? session.user : null
  const form = useAppForm({
    defaultValues: { name: '', email: '', phone: '' },
    validators: customer ? {} : { onSubmit: guestSchema },
    onSubmit: async ({ value }) => {
      try {
        const reserved = await reservePrescriptionFn({
          data: {
            configuration: searchFromConfiguration(configuration),
            ...(customer ? {} : { guest: value }),
          },
        })
        onReserved(reserved.id)
      } catch (error) {
        throw guestFieldsOnly(error)
      }
    },
  })
  const unit = amountUnitOf(configuration, product)
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Reservieren"
      description={`${formatDecimal(configuration.amount ?? 0)} ${unit === 'Stk' ? 'Stück' : unit} ${product.name} – wir legen die Ware ${reservationHoldHours} Stunden für Sie zurück. Ohne gültiges Rezept geben wir das Arzneimittel nicht ab.`}
      submitLabel="Reservierung absenden"
    >
      {customer ? (
        <p className="text-sm text-ink-muted">
          Sie reservieren als {customer.name} ({customer.email}).
        </p>
      ) : (
        <>
          <form.AppField name="name">
            {(field) => <field.TextField label="Vor- und Nachname" autoComplete="name" />}
          </form.AppField>
          <form.AppField name="email">
            {(field) => (
              <field.TextField label="E-Mail-Adresse" type="email" autoComplete="email" />
            )}
          </form.AppField>
          <form.AppField name="phone">
            {(field) => <field.TextField label="Telefonnummer" type="tel" autoComplete="tel" />}
          </form.AppField>
        </>
      )}
    </FormDialog>
  )
}
