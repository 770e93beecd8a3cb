import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatDate } from '~/lib/format'
import { AccountCard, AccountFrame, accountLinkClass } from './AccountFrame'
import { accountOverviewQuery } from './account.queries'
import { ShopOrderTable } from './ShopOrderTable'

/** "Mein Konto": the latest orders, the default address and the personal data at a glance. */
export function AccountOverviewPage() {
  const { data } = useSuspenseQuery(accountOverviewQuery())
  const { profile, defaultAddress } = data
  return (
    <AccountFrame title="Mein Konto" description={`Willkommen, ${profile.name}.`}>
      <AccountCard
        title="Letzte Bestellungen"
        id="account-recent-orders"
        actions={
          data.orderCount > 0 && (
            <Link to="/account/orders" className={accountLinkClass}>
              Alle Bestellungen ({data.orderCount})
            </Link>
          )
        }
      >
        {data.recentOrders.length > 0 ? (
          <ShopOrderTable orders={data.recentOrders} caption="Letzte Bestellungen" />
        ) : (
          <p className="text-sm text-ink-muted">
            Sie haben noch nichts bestellt.{' '}
            <Link to="/blueten" className={accountLinkClass}>
              Zum Sortiment
            </Link>
          </p>
        )}
      </AccountCard>
      <div className="grid gap-6 md:grid-cols-2">
        <AccountCard
          title="Standardadresse"
          id="account-address"
          actions={
            <Link to="/account/addresses" className={accountLinkClass}>
              Adressen verwalten
            </Link>
          }
        >
          {defaultAddress ? (
            <address className="text-sm not-italic text-ink">
              <span className="block">{defaultAddress.name}</span>
              {defaultAddress.addition && <span className="block">{defaultAddress.addition}</span>}
              <span className="block">{defaultAddress.street}</span>
              <span className="block">
                {defaultAddress.postalCode} {defaultAddress.city}
              </span>
            </address>
          ) : (
            <p className="text-sm text-ink-muted">Sie haben noch keine Standardadresse gewählt.</p>
          )}
        </AccountCard>
        <AccountCard
          title="Persönliche Daten"
          id="account-personal"
          actions={
            <Link to="/account/personal" className={accountLinkClass}>
              Bearbeiten
            </Link>
          }
        >
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-ink">Name</dt>
            <dd className="text-ink-muted">{profile.name}</dd>
            <dt className="font-medium text-ink">E-Mail</dt>
            <dd className="break-all text-ink-muted">{profile.email}</dd>
            <dt className="font-medium text-ink">Telefon</dt>
            <dd className="text-ink-muted">{profile.phone ?? 'nicht angegeben'}</dd>
            <dt className="font-medium text-ink">Kunde seit</dt>
            <dd className="text-ink-muted">{formatDate(profile.createdAt)}</dd>
          </dl>
        </AccountCard>
      </div>
    </AccountFrame>
  )
}
