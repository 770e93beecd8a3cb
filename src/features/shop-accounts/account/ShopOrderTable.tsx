import { Link } from '@tanstack/react-router'
import { orderTypeLabels } from '~/lib/customer-orders'
import { formatDate, formatMoney } from '~/lib/format'
import type { ShopOrderRow } from '~/lib/shop-account'
import {
  CustomerOrderStatusBadge,
  PaymentStatusBadge,
} from '../../customer-orders/CustomerOrderBadges'
import { PlainTable, phoneHiddenClass, plainRowClass } from '../../ui/PlainTable'
import { accountLinkClass } from './AccountFrame'

/**
 * The shop customer's orders: number (the link to the detail), date, state, payment, and what the
 * customer pays — for a statutory prescription the co-payment, not the total the insurer settles.
 */
export function ShopOrderTable({ orders, caption }: { orders: ShopOrderRow[]; caption: string }) {
  return (
    <PlainTable
      caption={caption}
      columns={[
        { header: 'Nummer' },
        { header: 'Datum', hideOnPhone: true },
        { header: 'Status' },
        { header: 'Sie zahlen', numeric: true },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id} className={plainRowClass}>
          <td className="py-3 pr-4">
            <Link to="/account/orders/$id" params={{ id: order.id }} className={accountLinkClass}>
              {order.number}
            </Link>
            <span className="block text-xs text-ink-muted">
              {orderTypeLabels[order.type]}, {order.itemCount}{' '}
              {order.itemCount === 1 ? 'Position' : 'Positionen'}
            </span>
          </td>
          <td className={`py-3 pr-4 text-ink-muted ${phoneHiddenClass}`}>
            {formatDate(order.createdAt)}
          </td>
          <td className="py-3 pr-4">
            <span className="flex flex-wrap gap-1">
              <CustomerOrderStatusBadge status={order.status} />
              <PaymentStatusBadge status={order.paymentStatus} />
            </span>
          </td>
          <td className="py-3 pr-4 text-right tabular-nums text-ink">
            {formatMoney(order.customerShareCents)}
          </td>
        </tr>
      ))}
    </PlainTable>
  )
}
