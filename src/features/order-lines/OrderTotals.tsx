import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
import { type VatRate, vatRateLabels } from '~/lib/products'

/** An order's totals: one VAT amount, or one per rate (customer orders, ADR 056). */
export interface OrderTotalsValue {
  netCents: number
  vat: number | readonly { rate: VatRate; vatCents: number }[]
  grossCents: number
}

/**
 * Net, VAT and gross under an order's lines, in the forms and on the detail pages; `children`
 * adds rows (delivery fee, the patient's share).
 */
export function OrderTotals({
  totals,
  className,
  children,
}: {
  totals: OrderTotalsValue
  /** Width and spacing, which differ between the forms and the detail pages. */
  className: string
  children?: ReactNode
}) {
  return (
    <dl className={`${className} ml-auto grid grid-cols-2 gap-x-4 gap-y-1 text-sm`}>
      <dt className="text-ink-muted">Netto</dt>
      <dd className="text-right">{formatMoney(totals.netCents)}</dd>
      {typeof totals.vat === 'number' ? (
        <>
          <dt className="text-ink-muted">MwSt.</dt>
          <dd className="text-right">{formatMoney(totals.vat)}</dd>
        </>
      ) : (
        totals.vat.map((row) => (
          <div key={row.rate} className="contents">
            <dt className="text-ink-muted">MwSt. {vatRateLabels[row.rate]}</dt>
            <dd className="text-right">{formatMoney(row.vatCents)}</dd>
          </div>
        ))
      )}
      <dt className="font-semibold text-ink">Brutto</dt>
      <dd className="text-right font-semibold">{formatMoney(totals.grossCents)}</dd>
      {children}
    </dl>
  )
}
