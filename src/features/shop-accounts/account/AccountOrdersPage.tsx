import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Package } from 'lucide-react'
import { pageCount } from '~/lib/list-query'
import { buttonClass } from '../../ui/buttons'
import { EmptyState } from '../../ui/EmptyState'
import { AccountFrame } from './AccountFrame'
import { shopOrdersQuery } from './account.queries'
import { ShopOrderTable } from './ShopOrderTable'

const route = getRouteApi('/_shop/account/orders/')

/** "Meine Bestellungen": every order and reservation from this shop, newest first, paged. */
export function AccountOrdersPage() {
  const { seite = 1 } = route.useSearch()
  const { data } = useSuspenseQuery(shopOrdersQuery(seite))
  const pages = pageCount(data.total, data.pageSize)
  return (
    <AccountFrame
      title="Meine Bestellungen"
      description="Ihre Bestellungen und Reservierungen in diesem Shop mit ihrem aktuellen Stand."
    >
      {data.total === 0 ? (
        <EmptyState
          icon={Package}
          title="Noch keine Bestellungen"
          action={
            <Link to="/blueten" className={buttonClass()}>
              Zum Sortiment
            </Link>
          }
        >
          Sobald Sie etwas bestellen oder reservieren, finden Sie es hier.
        </EmptyState>
      ) : (
        <section className="rounded-card border border-border bg-surface p-4 sm:p-6">
          <ShopOrderTable orders={data.items} caption="Meine Bestellungen" />
          {pages > 1 && (
            <nav
              aria-label="Seiten"
              className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              <span className="text-ink-muted">
                Seite {data.page} von {pages} ({data.total} Bestellungen)
              </span>
              <span className="flex gap-2">
                {data.page > 1 && (
                  <Link
                    to="/account/orders"
                    search={data.page > 2 ? { seite: data.page - 1 } : {}}
                    className={buttonClass('secondary')}
                  >
                    Neuere
                  </Link>
                )}
                {data.page < pages && (
                  <Link
                    to="/account/orders"
                    search={{ seite: data.page + 1 }}
                    className={buttonClass('secondary')}
                  >
                    Ältere
                  </Link>
                )}
              </span>
            </nav>
          )}
        </section>
      )}
    </AccountFrame>
  )
}
