import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDate } from '~/lib/format'
import { shopExportPath } from '~/lib/shop-account'
import { DownloadFileButton } from '../../documents/DownloadFileButton'
import { FieldView, FormAlert, SubmitButtonView } from '../../forms/field-parts'
import { useLogout } from '../../session/use-session'
import { Button } from '../../ui/buttons'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { toast } from '../../ui/toast'
import { entry, usePlainForm } from '../PlainForm'
import { AccountCard, AccountFrame } from './AccountFrame'
import { accountKey, shopProfileQuery } from './account.queries'
import {
  changeShopPasswordFn,
  deleteShopAccountFn,
  requestEmailChangeFn,
  updateShopProfileFn,
} from './account-actions.functions'

function ProfileForm() {
  const { data: profile } = useSuspenseQuery(shopProfileQuery())
  const queryClient = useQueryClient()
  const form = usePlainForm(async (entries) => {
    await updateShopProfileFn({
      data: { name: entry(entries, 'name'), phone: entry(entries, 'phone') },
    })
    await queryClient.invalidateQueries({ queryKey: accountKey })
    toast.success('Ihre Daten sind gespeichert.')
  })
  return (
    <AccountCard title="Name und Telefon" id="personal-profile">
      <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
        {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
        <FieldView
          id="personal-name"
          label="Vor- und Nachname"
          error={form.fieldError('name')}
          render={(control) => (
            <input {...control} name="name" autoComplete="name" defaultValue={profile.name} />
          )}
        />
        <FieldView
          id="personal-phone"
          label="Telefon (freiwillig)"
          hint="Für Rückfragen zu Ihren Bestellungen."
          error={form.fieldError('phone')}
          render={(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={profile.phone ?? ''}
            />
          )}
        />
        {profile.birthDate && (
          <p className="text-sm text-ink-muted">
            Geburtsdatum: {formatDate(profile.birthDate)} (ändert die Apotheke auf Nachfrage)
          </p>
        )}
        <SubmitButtonView busy={form.busy}>Speichern</SubmitButtonView>
      </form>
    </AccountCard>
  )
}

function EmailForm() {
  const { data: profile } = useSuspenseQuery(shopProfileQuery())
  const queryClient = useQueryClient()
  const form = usePlainForm(async (entries) => {
    const answer = await requestEmailChangeFn({
      data: { email: entry(entries, 'email'), currentPassword: entry(entries, 'currentPassword') },
    })
    await queryClient.invalidateQueries({ queryKey: accountKey })
    return answer
  })
  return (
    <AccountCard title="E-Mail-Adresse" id="personal-email">
      <p className="mb-4 text-sm text-ink-muted">
        Derzeit: <span className="break-all text-ink">{profile.email}</span>
        {profile.pendingEmail && (
          <span className="block">
            Wartet auf Bestätigung: <span className="break-all">{profile.pendingEmail}</span>
          </span>
        )}
      </p>
      {form.result && (
        <p role="status" className="mb-4 text-sm text-ink">
          {form.result.message}
        </p>
      )}
      <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
        {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
        <FieldView
          id="personal-new-email"
          label="Neue E-Mail-Adresse"
          hint="Wir schicken einen Bestätigungslink an die neue Adresse. Bis Sie ihn nutzen, gilt die bisherige."
          error={form.fieldError('email')}
          render={(control) => (
            <input {...control} name="email" type="email" autoComplete="email" />
          )}
        />
        <CurrentPasswordField
          id="personal-email-password"
          error={form.fieldError('currentPassword')}
        />
        <SubmitButtonView busy={form.busy}>E-Mail-Adresse ändern</SubmitButtonView>
      </form>
    </AccountCard>
  )
}

/** The current password, which every change of the account's access asks for. */
function CurrentPasswordField({ id, error }: { id: string; error: string | null }) {
  return (
    <FieldView
      id={id}
      label="Aktuelles Passwort"
      error={error}
      render={(control) => (
        <input
          {...control}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
        />
      )}
    />
  )
}

function PasswordForm() {
  const form = usePlainForm(async (entries) => {
    await changeShopPasswordFn({
      data: {
        currentPassword: entry(entries, 'currentPassword'),
        password: entry(entries, 'password'),
        repeat: entry(entries, 'repeat'),
      },
    })
    toast.success('Ihr Passwort ist geändert. Auf anderen Geräten sind Sie abgemeldet.')
  })
  return (
    <AccountCard title="Passwort" id="personal-password">
      <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
        {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
        <CurrentPasswordField
          id="personal-current-password"
          error={form.fieldError('currentPassword')}
        />
        <FieldView
          id="personal-new-password"
          label="Neues Passwort"
          hint="Mindestens 12 Zeichen. Danach sind Sie auf allen anderen Geräten abgemeldet."
          error={form.fieldError('password')}
          render={(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" />
          )}
        />
        <FieldView
          id="personal-repeat-password"
          label="Neues Passwort wiederholen"
          error={form.fieldError('repeat')}
          render={(control) => (
            <input {...control} name="repeat" type="password" autoComplete="new-password" />
          )}
        />
        <SubmitButtonView busy={form.busy}>Passwort ändern</SubmitButtonView>
      </form>
    </AccountCard>
  )
}

function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const logout = useLogout()
  async function remove() {
    await deleteShopAccountFn()
    toast.success('Ihr Kundenkonto ist gelöscht.')
    await logout()
  }
  return (
    <AccountCard title="Konto löschen" id="personal-delete">
      <p className="mb-4 text-sm text-ink-muted">
        Solange eine Bestellung offen ist, lässt sich das Konto nicht löschen.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Konto löschen
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Kundenkonto löschen?"
        description={
          <div className="space-y-2">
            <p>
              Wir entfernen Ihren Namen, Ihre E-Mail-Adresse, Telefonnummer, Ihr Geburtsdatum, Ihre
              Adressen und Ihren Warenkorb. Sie werden abgemeldet und können sich nicht mehr
              anmelden. Das lässt sich nicht rückgängig machen.
            </p>
            <p>
              Ihre Bestellungen und Rechnungen bewahren wir ohne Ihre Kontodaten auf, wie es das
              Gesetz verlangt (§ 147 AO: acht Jahre für Rechnungen; § 22 ApBetrO: mindestens fünf
              Jahre für die Abgabe auf Rezept). Solange diese Fristen laufen, sperren wir Ihre Daten
              in der Apotheke, statt sie zu löschen: Sie erscheinen nirgends mehr und werden nur für
              die Behörden aufbewahrt; danach werden sie automatisch anonymisiert.
            </p>
          </div>
        }
        confirmLabel="Konto endgültig löschen"
        cancelLabel="Konto behalten"
        onConfirm={remove}
      />
    </AccountCard>
  )
}

/** "Persönliche Daten": name and phone, e-mail, password, data export, deleting the account. */
export function AccountPersonalPage() {
  return (
    <AccountFrame
      title="Persönliche Daten"
      description="Ihre Kontodaten, Ihr Passwort und Ihre Rechte an Ihren Daten."
    >
      <ProfileForm />
      <EmailForm />
      <PasswordForm />
      <AccountCard title="Datenauskunft" id="personal-export">
        <p className="mb-4 text-sm text-ink-muted">
          Alle Daten, die wir zu Ihrem Kundenkonto speichern – Konto, Einwilligung, Adressen und
          Bestellungen – als JSON-Datei.
        </p>
        <DownloadFileButton
          path={shopExportPath}
          fileName="kundenkonto.json"
          label="Meine Daten als JSON herunterladen"
        >
          Meine Daten herunterladen
        </DownloadFileButton>
      </AccountCard>
      <DeleteAccount />
    </AccountFrame>
  )
}
