import { Link } from '@tanstack/react-router'
import { orderTypeLabels } from '~/lib/customer-orders'
import { formatDate, formatMoney } from '~/lib/format'
import type { ShopOrderRow } from '~/lib/shop-account'
import {
  CustomerOrderStatusBadge,
  PaymentStatusBadge,
} from '../../customer-orders/CustomerOrderBadges'
import { accountLinkClass } from './AccountFrame'

/** The shop customer's orders: number (the link to the detail), date, state, payment, total. */
export function ShopOrderTable({ orders, caption }: { orders: ShopOrderRow[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Nummer
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Datum
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Summe
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-border last:border-0">
              <td className="py-3 pr-4">
                <Link
                  to="/account/orders/$id"
                  params={{ id: order.id }}
                  className={accountLinkClass}
                >
                  {order.number}
                </Link>
                <span className="block text-xs text-ink-muted">
                  {orderTypeLabels[order.type]}, {order.itemCount}{' '}
                  {order.itemCount === 1 ? 'Position' : 'Positionen'}
                </span>
              </td>
              <td className="py-3 pr-4 text-ink-muted">{formatDate(order.createdAt)}</td>
              <td className="py-3 pr-4">
                <span className="flex flex-wrap gap-1">
                  <CustomerOrderStatusBadge status={order.status} />
                  <PaymentStatusBadge status={order.paymentStatus} />
                </span>
              </td>
              <td className="py-3 pr-4 text-right tabular-nums text-ink">
                {formatMoney(order.grossCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
