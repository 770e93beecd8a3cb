import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useId, useState } from 'react'
import type { CreditableInvoice, CreditableLine } from '~/lib/documents'
import { failureOf } from '~/lib/failure'
import { formatDate, formatMoney } from '~/lib/format'
import { parseEuroToCents, vatRateLabels } from '~/lib/products'
import { FormAlert } from '../forms/field-parts'
import { Button } from '../ui/buttons'
import { issueCreditNoteFn } from './document-issue.functions'

type Reason = 'return' | 'price_correction'

const unitText = (line: CreditableLine, quantity: number) =>
  line.salesUnit === 'gram'
    ? `${quantity} g`
    : `${quantity} ${quantity === 1 ? 'Packung' : 'Packungen'}`

/** A positive whole number typed into a quantity field, else null. */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null)

/**
 * The credit dialog of an invoice (ADR 057): goods taken back (lines and quantities, optionally
 * back into stock) or a price correction (a net amount per line). Each line offers only what is
 * left of it after earlier credits; the server checks again under the order's lock. Native
 * controls throughout: Tab moves through them, Space and the arrow keys choose, Enter issues,
 * Escape closes.
 */
export function CreditNoteDialog({
  orderId,
  invoice,
  open,
  onOpenChange,
  onIssued,
}: {
  orderId: string
  invoice: CreditableInvoice
  open: boolean
  onOpenChange: (open: boolean) => void
  onIssued: (number: string) => Promise<void>
}) {
  const baseId = useId()
  const [reason, setReason] = useState<Reason>('return')
  const [entries, setEntries] = useState<Record<number, string>>({})
  const [restock, setRestock] = useState(false)
  const [note, setNote] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function reset() {
    setReason('return')
    setEntries({})
    setRestock(false)
    setNote('')
    setFailure(null)
  }

  const offered = invoice.lines.filter((line) =>
    reason === 'return' ? line.goods && line.quantityLeft > 0 : line.netLeftCents > 0,
  )
  const chosen = offered
    .map((line) => ({ line, text: (entries[line.position] ?? '').trim() }))
    .filter(({ text }) => text !== '')

  function lineError(line: CreditableLine, text: string): string | null {
    if (reason === 'return') {
      const quantity = wholeNumber(text)
      if (quantity === null || quantity === 0) return 'Bitte eine ganze Zahl größer null.'
      if (quantity > line.quantityLeft)
        return `Höchstens ${unitText(line, line.quantityLeft)} (noch offen).`
      return null
    }
    const cents = parseEuroToCents(text)
    if (cents === null || Number.isNaN(cents) || cents <= 0)
      return 'Bitte einen Betrag, z. B. 12,50.'
    if (cents > line.netLeftCents) return `Höchstens ${formatMoney(line.netLeftCents)} netto.`
    return null
  }

  const errors = new Map(chosen.map(({ line, text }) => [line.position, lineError(line, text)]))
  const creditedNet = chosen.reduce((sum, { line, text }) => {
    if (errors.get(line.position)) return sum
    return (
      sum +
      (reason === 'return'
        ? Math.min((wholeNumber(text) ?? 0) * line.unitNetCents, line.netLeftCents)
        : (parseEuroToCents(text) ?? 0))
    )
  }, 0)

  async function submit() {
    setFailure(null)
    if (chosen.length === 0) {
      setFailure('Bitte gib für mindestens eine Position eine Menge oder einen Betrag an.')
      return
    }
    if ([...errors.values()].some(Boolean)) {
      setFailure('Bitte prüfe die markierten Positionen.')
      return
    }
    setBusy(true)
    try {
      const issued = await issueCreditNoteFn({
        data: {
          orderId,
          credit: {
            reason,
            restock: reason === 'return' && restock,
            note,
            lines: chosen.map(({ line, text }) =>
              reason === 'return'
                ? { position: line.position, quantity: wholeNumber(text) ?? 0 }
                : { position: line.position, amountCents: parseEuroToCents(text) ?? 0 },
            ),
          },
        },
      })
      await onIssued(issued.number)
      reset()
      onOpenChange(false)
    } catch (error) {
      setFailure(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }

  const left = invoice.grossCents - invoice.creditedGrossCents
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-40 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-lg font-semibold text-ink">
            Rechnungskorrektur zu {invoice.invoiceNumber}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            Rechnung vom {formatDate(invoice.invoiceDate)} über {formatMoney(invoice.grossCents)}
            {invoice.creditedGrossCents > 0 &&
              `, davon bereits gutgeschrieben ${formatMoney(invoice.creditedGrossCents)}`}
            ; noch offen {formatMoney(left)}. Die Korrektur bekommt eine eigene Nummer und bezieht
            sich auf die Rechnung; die Rechnung selbst bleibt unverändert.
          </Dialog.Description>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            disabled={busy}
            className="absolute top-4 right-4 rounded-lg p-1 text-ink-muted hover:bg-surface-muted"
            aria-label="Schließen"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
          >
            {failure && <FormAlert>{failure}</FormAlert>}
            <fieldset>
              <legend className="text-sm font-medium text-ink">Art der Korrektur</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(
                  [
                    ['return', 'Warenrücknahme (Positionen und Mengen)'],
                    ['price_correction', 'Preiskorrektur (Betrag je Position)'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${baseId}-reason`}
                      value={value}
                      checked={reason === value}
                      onChange={() => {
                        setReason(value)
                        setEntries({})
                      }}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {offered.length === 0 ? (
              <p className="text-sm text-ink-muted">
                {reason === 'return'
                  ? 'Keine Ware dieser Rechnung ist mehr offen.'
                  : 'Keine Position dieser Rechnung hat noch einen offenen Betrag.'}
              </p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-ink-muted">
                    <th className="py-1 pr-2 font-medium">Pos.</th>
                    <th className="py-1 pr-2 font-medium">Bezeichnung</th>
                    <th className="py-1 pr-2 text-right font-medium">Noch offen</th>
                    <th className="py-1 font-medium">
                      {reason === 'return' ? 'Zurück (Menge)' : 'Gutschrift netto (€)'}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {offered.map((line) => {
                    const inputId = `${baseId}-line-${line.position}`
                    const error = errors.get(line.position)
                    return (
                      <tr key={line.position} className="border-t border-border align-top">
                        <td className="py-2 pr-2 tabular-nums">{line.position}</td>
                        <td className="py-2 pr-2">
                          <label htmlFor={inputId}>{line.name}</label>
                          <span className="block text-xs text-ink-muted">
                            {formatMoney(line.unitNetCents)} netto je Einheit,{' '}
                            {vatRateLabels[line.vatRate]} USt.
                          </span>
                        </td>
                        <td className="py-2 pr-2 text-right tabular-nums whitespace-nowrap">
                          {reason === 'return'
                            ? unitText(line, line.quantityLeft)
                            : formatMoney(line.netLeftCents)}
                        </td>
                        <td className="py-2">
                          <input
                            id={inputId}
                            inputMode={reason === 'return' ? 'numeric' : 'decimal'}
                            className="w-28 rounded-md border border-border bg-surface px-2 py-1 tabular-nums"
                            value={entries[line.position] ?? ''}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${inputId}-error` : undefined}
                            onChange={(event) =>
                              setEntries({ ...entries, [line.position]: event.target.value })
                            }
                          />
                          {error && (
                            <span id={`${inputId}-error`} className="block text-xs text-danger">
                              {error}
                            </span>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            )}
            {reason === 'return' && (
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={restock}
                  onChange={(event) => setRestock(event.target.checked)}
                />
                <span>
                  Ware zurück ins Lager buchen (in die Chargen, aus denen sie kam)
                  <span className="block text-xs text-ink-muted">
                    Nur für unversehrte Ware, die wieder abgegeben werden darf. Sonst bleibt der
                    Bestand unverändert; die Vernichtung buchst du im Lager.
                  </span>
                </span>
              </label>
            )}
            <label className="block text-sm">
              <span className="font-medium text-ink">Hinweis auf der Korrektur (optional)</span>
              <textarea
                className="mt-1 block w-full rounded-md border border-border bg-surface px-2 py-1"
                rows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
            <p className="text-sm" aria-live="polite">
              Gutschrift netto: <strong>{formatMoney(creditedNet)}</strong> (zzgl. USt.)
            </p>
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
                Abbrechen
              </Button>
              <Button type="submit" pending={busy} disabled={offered.length === 0}>
                Rechnungskorrektur ausstellen
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
