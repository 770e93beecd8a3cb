import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatDateTime } from '~/lib/format'
import { handoutListSearch } from '~/lib/handout-lists'
import { formatGrams } from '~/lib/handouts'
import { ButtonLink } from '../ui/buttons'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { HandoutStatusBadge } from './HandoutStatusBadge'
import { memberAllowanceQuery } from './handout-form.queries'
import { handoutsQuery } from './handouts.queries'
import { MemberAllowanceCard } from './MemberAllowanceCard'

/** How many of the member's latest hand-outs the member page lists. */
const recentCount = 10

/**
 * What the counter needs on a member's page: age class, what remains today and this month (the
 * hand-out service computes it, as at the counter) and the latest hand-outs, linked.
 */
export function MemberHandouts({ customerId }: { customerId: string }) {
  const allowance = useQuery(memberAllowanceQuery(customerId))
  const search = handoutListSearch.parse({ member: customerId })
  const list = useQuery(handoutsQuery(search))
  const recent = list.data?.items.slice(0, recentCount) ?? []
  return (
    <section
      aria-labelledby="member-handouts"
      className="space-y-4 rounded-card border border-border bg-surface p-6 lg:col-span-2"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="member-handouts" className="text-lg font-semibold text-ink">
          Abgaben
        </h2>
        <ButtonLink to="/abgabe" search={{ member: customerId }} variant="secondary">
          Alle Abgaben des Mitglieds
        </ButtonLink>
      </div>
      {allowance.data && <MemberAllowanceCard allowance={allowance.data} />}
      {list.data && recent.length === 0 && (
        <p className="text-sm text-ink-muted">Noch keine Abgaben.</p>
      )}
      {recent.length > 0 && (
        <PlainTable
          caption="Letzte Abgaben an das Mitglied"
          columns={[
            { header: 'Nummer' },
            { header: 'Zeitpunkt' },
            { header: 'Sorte' },
            { header: 'Charge' },
            { header: 'Menge', numeric: true },
            { header: 'Status' },
          ]}
        >
          {recent.map((handout) => (
            <tr key={handout.id} className={plainRowClass}>
              <td className="py-2 pr-4">
                <Link
                  to="/abgabe/$id"
                  params={{ id: handout.id }}
                  className="font-mono font-medium text-brand-900 hover:underline"
                >
                  {handout.number}
                </Link>
              </td>
              <td className="py-2 pr-4">{formatDateTime(handout.handedOutAt)}</td>
              <td className="py-2 pr-4">{handout.productName}</td>
              <td className="py-2 pr-4 font-mono">{handout.batchNumber}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatGrams(handout.quantity)}</td>
              <td className="py-2">
                <HandoutStatusBadge status={handout.status} />
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
    </section>
  )
}
