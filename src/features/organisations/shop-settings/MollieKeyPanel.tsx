import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureOf } from '~/lib/failure'
import type { ShopSettings } from '~/lib/shop-settings'
import { inputClass } from '../../forms/field-parts'
import { Button } from '../../ui/buttons'
import { toast } from '../../ui/toast'
import { setShopMollieKeyFn, testShopMollieConnectionFn } from '../shop-settings.functions'
import { shopSettingsQuery } from '../shop-settings.queries'

/**
 * The Mollie key is its own small form: it is sealed when stored and never shown again, so it is
 * not part of the settings the page loads and saves.
 */
export function MollieKeyPanel({ settings }: { settings: ShopSettings }) {
  const queryClient = useQueryClient()
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'remove' | 'test' | null>(null)
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null)
  const { keySet, mode } = settings.mollie
  const organisationId = settings.organisationId

  async function store(key: string | null) {
    setBusy(key ? 'save' : 'remove')
    setError(null)
    setTestResult(null)
    try {
      const saved = await setShopMollieKeyFn({ data: { organisationId, apiKey: key } })
      queryClient.setQueryData(shopSettingsQuery(organisationId).queryKey, saved)
      setApiKey('')
      toast.success(
        key ? 'Der Mollie-Schlüssel ist gespeichert.' : 'Der Mollie-Schlüssel ist entfernt.',
      )
    } catch (caught) {
      const failure = failureOf(caught)
      setError(failure.errors?.apiKey ?? failure.message)
    } finally {
      setBusy(null)
    }
  }

  async function test() {
    setBusy('test')
    setTestResult(null)
    try {
      setTestResult(await testShopMollieConnectionFn({ data: { id: organisationId } }))
    } catch (caught) {
      setTestResult({ ok: false, message: failureOf(caught).message })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="ml-6 rounded-lg border border-border p-4">
      <p className="text-sm text-ink">
        Mollie-API-Schlüssel:{' '}
        <strong>
          {keySet ? `gesetzt (${mode === 'live' ? 'Live-Modus' : 'Testmodus'})` : 'nicht gesetzt'}
        </strong>
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="mollie-api-key" className="block text-sm font-medium text-ink">
            {keySet ? 'Neuen Schlüssel hinterlegen' : 'Schlüssel hinterlegen'}
          </label>
          <input
            id="mollie-api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="live_… oder test_…"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'mollie-api-key-error' : 'mollie-api-key-hint'}
            className={`${inputClass} font-mono`}
          />
        </div>
        <Button
          variant="secondary"
          pending={busy === 'save'}
          disabled={busy !== null || apiKey.trim() === ''}
          onClick={() => void store(apiKey.trim())}
        >
          Schlüssel speichern
        </Button>
      </div>
      <p id="mollie-api-key-hint" className="mt-1 text-sm text-ink-muted">
        Der Schlüssel wird verschlüsselt gespeichert und danach nicht mehr angezeigt.
      </p>
      {error && (
        <p id="mollie-api-key-error" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {keySet && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            pending={busy === 'test'}
            disabled={busy !== null}
            onClick={() => void test()}
          >
            Verbindung testen
          </Button>
          <Button
            variant="ghost"
            pending={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void store(null)}
          >
            Schlüssel entfernen
          </Button>
        </div>
      )}
      <p
        role="status"
        className={`mt-2 text-sm ${testResult?.ok === false ? 'text-danger' : 'text-ink'}`}
      >
        {testResult?.message}
      </p>
    </div>
  )
}
