import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import {
  AlarmClock,
  Banknote,
  BellRing,
  CalendarClock,
  ClipboardCheck,
  Euro,
  FlaskConical,
  Gauge,
  HandHeart,
  PackageCheck,
  PackageOpen,
  PackagePlus,
  Scale,
  ShieldAlert,
  ShoppingCart,
  TrendingDown,
  Truck,
  UserPlus,
} from 'lucide-react'
import { auditActionLabels } from '~/lib/audit-log'
import type { DashboardActivity, DashboardFigureKey, DashboardVariety } from '~/lib/dashboard'
import { formatCount, formatDateTime, formatMoney } from '~/lib/format'
import { formatGrams } from '~/lib/handouts'
import type { OrganisationCategory } from '~/lib/organisation'
import { PageHeader } from '../ui/PageHeader'
import { dashboardQuery } from './dashboard.queries'

interface FigureView {
  label: string
  hint: string
  icon: LucideIcon
  unit?: 'money' | 'grams'
  link: LinkProps
}

const figureViews: Record<DashboardFigureKey, FigureView> = {
  prescription_check: {
    label: 'Rezeptprüfung offen',
    hint: 'Bestellungen mit verschreibungspflichtigen Positionen ohne geprüftes Rezept',
    icon: ClipboardCheck,
    link: { to: '/customer_orders', search: { todo: 'prescription_check' } },
  },
  to_prepare: {
    label: 'Bezahlt, vorzubereiten',
    hint: 'Bezahlte Bestellungen, die noch nicht bereitliegen',
    icon: PackageOpen,
    link: { to: '/customer_orders', search: { todo: 'to_prepare' } },
  },
  expiring_today: {
    label: 'Reservierungen laufen heute ab',
    hint: 'Shop-Reservierungen, die bis Mitternacht verfallen',
    icon: AlarmClock,
    link: { to: '/customer_orders', search: { todo: 'expiring_today' } },
  },
  open: {
    label: 'Offene Kundenbestellungen',
    hint: 'Neu, bestätigt oder bereit',
    icon: ShoppingCart,
    link: { to: '/customer_orders', search: { todo: 'open' } },
  },
  to_ship: {
    label: 'Versand fällig',
    hint: 'Bestätigte oder bereite Bestellungen mit Versand oder Botendienst',
    icon: Truck,
    link: { to: '/customer_orders', search: { todo: 'to_ship' } },
  },
  unpaid: {
    label: 'Abgeschlossen, nicht bezahlt',
    hint: 'Übergebene oder gelieferte Bestellungen, deren Zahlung noch fehlt',
    icon: Banknote,
    link: { to: '/customer_orders', search: { todo: 'unpaid' } },
  },
  payment_overdue: {
    label: 'Zahlung überfällig',
    hint: 'Rechnungen zur Überweisung, deren Zahlungsziel verstrichen ist',
    icon: BellRing,
    link: { to: '/customer_orders', search: { todo: 'payment_overdue' } },
  },
  arriving: {
    label: 'Einkauf unterwegs',
    hint: 'Bestellt und noch nicht vollständig eingegangen',
    icon: PackageCheck,
    link: { to: '/purchase_orders', search: { todo: 'arriving' } },
  },
  quarantine: {
    label: 'Chargen in Quarantäne',
    hint: 'Produkte mit Ware, die auf ihre Freigabe wartet',
    icon: FlaskConical,
    link: { to: '/inventory', search: { warning: 'quarantine' } },
  },
  low: {
    label: 'Unter Mindestbestand',
    hint: 'Produkte, die nachbestellt werden sollten',
    icon: TrendingDown,
    link: { to: '/inventory', search: { warning: 'low' } },
  },
  expiring: {
    label: 'Verfall in < 60 Tagen',
    hint: 'Produkte mit einer bald verfallenden Charge',
    icon: CalendarClock,
    link: { to: '/inventory', search: { warning: 'expiring' } },
  },
  revenue_today: {
    label: 'Umsatz heute',
    hint: 'Abgeschlossene Bestellungen, brutto',
    icon: Euro,
    unit: 'money',
    link: { to: '/customer_orders', search: { status: 'completed' } },
  },
  revenue_month: {
    label: 'Umsatz diesen Monat',
    hint: 'Abgeschlossene Bestellungen, brutto',
    icon: Euro,
    unit: 'money',
    link: { to: '/customer_orders', search: { status: 'completed' } },
  },
  handouts_today: {
    label: 'Abgaben heute',
    hint: 'Nicht stornierte Abgaben an Mitglieder',
    icon: HandHeart,
    link: { to: '/abgabe' },
  },
  grams_month: {
    label: 'Abgegeben diesen Monat',
    hint: 'Nicht stornierte Abgaben seit dem Monatsersten',
    icon: Scale,
    unit: 'grams',
    link: { to: '/abgabe' },
  },
  members_near_limit: {
    label: 'Mitglieder nahe am Monatslimit',
    hint: 'Mindestens 80 % ihrer Monatsmenge erhalten',
    icon: Gauge,
    link: { to: '/abgabe/neu' },
  },
  licences: {
    label: 'Erlaubnisse prüfen',
    hint: 'Geschäftskunden, deren Erlaubnis fehlt, abgelaufen ist oder in 30 Tagen abläuft',
    icon: ShieldAlert,
    link: { to: '/customers', search: { licence: 'attention' } },
  },
}

function figureText(view: FigureView, value: number): string {
  if (view.unit === 'money') return formatMoney(value)
  if (view.unit === 'grams') return formatGrams(value)
  return formatCount(value)
}

const quickActions: Record<
  OrganisationCategory,
  { label: string; icon: LucideIcon; link: LinkProps }[]
> = {
  platform: [],
  pharmacy: [
    { label: 'Neue Bestellung', icon: ShoppingCart, link: { to: '/customer_orders/create' } },
    { label: 'Wareneingang', icon: PackagePlus, link: { to: '/inventory/receipt' } },
    { label: 'Kunde anlegen', icon: UserPlus, link: { to: '/customers/create' } },
  ],
  wholesaler: [
    { label: 'Neue Kundenbestellung', icon: ShoppingCart, link: { to: '/customer_orders/create' } },
    { label: 'Neue Einkaufsbestellung', icon: Truck, link: { to: '/purchase_orders/create' } },
    { label: 'Wareneingang', icon: PackagePlus, link: { to: '/inventory/receipt' } },
  ],
  producer: [
    { label: 'Neue Kundenbestellung', icon: ShoppingCart, link: { to: '/customer_orders/create' } },
    { label: 'Wareneingang', icon: PackagePlus, link: { to: '/inventory/receipt' } },
  ],
  club: [
    { label: 'Neue Abgabe', icon: HandHeart, link: { to: '/abgabe/neu' } },
    { label: 'Mitglied anlegen', icon: UserPlus, link: { to: '/customers/create' } },
    { label: 'Ernte erfassen', icon: PackagePlus, link: { to: '/inventory/receipt' } },
  ],
}

/** `/dashboard`: the organisation's figures and to-dos, each leading to its filtered list. */
export function DashboardPage() {
  const { data } = useSuspenseQuery(dashboardQuery())
  const actions = quickActions[data.category]
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Was heute ansteht – jede Zahl führt zur passenden Liste."
      />
      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Kennzahlen und Aufgaben
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.figures.map(({ key, value }) => {
            const view = figureViews[key]
            const Icon = view.icon
            return (
              <li key={key}>
                <Link
                  {...view.link}
                  className="flex h-full flex-col rounded-card border border-border bg-surface p-5 hover:border-brand-600 focus-visible:border-brand-600"
                >
                  <span className="flex items-center gap-2 text-sm font-medium text-ink-muted">
                    <Icon className="size-4" aria-hidden="true" />
                    {view.label}
                  </span>
                  <span className="mt-2 text-3xl font-semibold text-ink tabular-nums">
                    {figureText(view, value)}
                  </span>
                  <span className="mt-1 text-sm text-ink-muted">
                    {key === 'grams_month' && data.club
                      ? `von ${formatGrams(data.club.monthlyAllowanceMg)}, die den aktiven Mitgliedern diesen Monat zustehen`
                      : view.hint}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </section>
      {data.club && <VarietyStock varieties={data.club.varieties} />}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ActivityList activity={data.activity} />
        {actions.length > 0 && (
          <section
            aria-labelledby="quick-actions-title"
            className="rounded-card border border-border bg-surface p-6"
          >
            <h2 id="quick-actions-title" className="text-lg font-semibold text-ink">
              Schnellzugriff
            </h2>
            <ul className="mt-3 space-y-2">
              {actions.map((action) => (
                <li key={action.label}>
                  <Link
                    {...action.link}
                    className="flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-brand-900 hover:bg-surface-muted"
                  >
                    <action.icon className="size-4" aria-hidden="true" />
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  )
}

/** A club's stock of each variety: what released, unexpired harvests hold now. */
function VarietyStock({ varieties }: { varieties: DashboardVariety[] }) {
  return (
    <section
      aria-labelledby="variety-stock-title"
      className="mt-8 rounded-card border border-border bg-surface p-6"
    >
      <h2 id="variety-stock-title" className="text-lg font-semibold text-ink">
        Bestand je Sorte
      </h2>
      {varieties.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          Keine freigegebene, unverfallene Ernte auf Lager.
        </p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Abgabefähiger Bestand je Sorte</caption>
          <thead>
            <tr className="border-b border-border text-left text-ink-muted">
              <th scope="col" className="py-2 font-medium">
                Sorte
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Abgabefähig
              </th>
            </tr>
          </thead>
          <tbody>
            {varieties.map((variety) => (
              <tr
                key={variety.organisationProductId}
                className="border-b border-border last:border-0"
              >
                <td className="py-2 text-ink">{variety.name}</td>
                <td className="py-2 text-right text-ink tabular-nums">
                  {formatGrams(variety.availableMg)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function ActivityList({ activity }: { activity: DashboardActivity[] }) {
  return (
    <section
      aria-labelledby="activity-title"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="activity-title" className="text-lg font-semibold text-ink">
        Letzte Aktivitäten
      </h2>
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">Noch keine Einträge im Protokoll.</p>
      ) : (
        <ol className="mt-3 divide-y divide-border">
          {activity.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
              <span className="text-ink">
                {auditActionLabels[entry.action] ?? entry.action}
                {entry.actorName && <span className="text-ink-muted"> · {entry.actorName}</span>}
              </span>
              <time dateTime={entry.at} className="text-ink-muted tabular-nums">
                {formatDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
