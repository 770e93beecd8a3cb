import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureOf } from '~/lib/failure'
import type { ShopSettings } from '~/lib/shop-settings'
import { Button } from '../../ui/buttons'
import { checkShopDomainFn } from '../shop-settings.functions'
import { shopSettingsQuery } from '../shop-settings.queries'

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
})

/** The saved domain's TXT record, whether it was found, and "Jetzt prüfen". */
export function DomainVerification({
  organisationId,
  domain,
  verification,
}: {
  organisationId: string
  domain: string
  verification: NonNullable<ShopSettings['domainVerification']>
}) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)

  async function check() {
    setBusy(true)
    setResult(null)
    try {
      const checked = await checkShopDomainFn({ data: { id: organisationId } })
      queryClient.setQueryData(shopSettingsQuery(organisationId).queryKey, checked.settings)
      setResult({ ok: checked.outcome === 'verified', message: checked.message })
    } catch (caught) {
      setResult({ ok: false, message: failureOf(caught).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="rounded-lg border border-border p-4 text-sm text-ink sm:col-span-2">
      <p>
        Status von <strong>{domain}</strong>:{' '}
        {verification.verifiedAt ? (
          <strong className="text-success">
            bestätigt seit {dateTime.format(verification.verifiedAt)}
          </strong>
        ) : (
          <strong className="text-danger">nicht bestätigt – die Domain zeigt nichts an</strong>
        )}
        {verification.checkedAt && (
          <span className="text-ink-muted">
            {' '}
            (zuletzt geprüft {dateTime.format(verification.checkedAt)})
          </span>
        )}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Typ</dt>
        <dd>TXT</dd>
        <dt className="font-medium">Name</dt>
        <dd>
          <code className="break-all rounded bg-surface-muted px-1">{verification.recordName}</code>
        </dd>
        <dt className="font-medium">Wert</dt>
        <dd>
          <code className="break-all rounded bg-surface-muted px-1">
            {verification.recordValue}
          </code>
        </dd>
      </dl>
      <div className="mt-3">
        <Button variant="secondary" pending={busy} disabled={busy} onClick={() => void check()}>
          Jetzt prüfen
        </Button>
      </div>
      <p role="status" className={`mt-2 ${result?.ok === false ? 'text-danger' : 'text-ink'}`}>
        {result?.message}
      </p>
    </div>
  )
}
