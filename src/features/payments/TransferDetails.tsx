import { formatMoney } from '~/lib/format'
import type { TransferInstructions } from '~/lib/payments'

/** What a patient types into their banking app to pay a bank-transfer order. */
export function TransferDetails({ transfer }: { transfer: TransferInstructions }) {
  return (
    <dl aria-label="Überweisung" className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium">Kontoinhaber</dt>
      <dd>{transfer.accountHolder}</dd>
      <dt className="font-medium">IBAN</dt>
      <dd className="font-mono">{transfer.iban}</dd>
      {(transfer.bic || transfer.bankName) && (
        <>
          <dt className="font-medium">BIC / Bank</dt>
          <dd>{[transfer.bic, transfer.bankName].filter(Boolean).join(', ')}</dd>
        </>
      )}
      <dt className="font-medium">Betrag</dt>
      <dd>{formatMoney(transfer.amountCents)}</dd>
      <dt className="font-medium">Verwendungszweck</dt>
      <dd className="font-mono">{transfer.reference}</dd>
    </dl>
  )
}
