import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatDate } from '~/lib/format'
import { formatGrams, handoutAgeClassLabels, type MemberAllowance } from '~/lib/handouts'
import { StatusBadge } from '../ui/StatusBadge'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  )
}

/** Who stands at the counter: age class, checks and what they may still receive. */
export function MemberAllowanceCard({ allowance }: { allowance: MemberAllowance }) {
  const { member, rules, remaining } = allowance
  return (
    <section
      aria-labelledby="allowance-title"
      className="space-y-4 rounded-lg border border-border bg-surface-muted p-4 sm:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="allowance-title" className="font-semibold text-ink">
          {member.displayName}
        </h3>
        {member.ageClass && (
          <StatusBadge tone={member.ageClass === 'young_adult' ? 'warning' : 'info'}>
            {handoutAgeClassLabels[member.ageClass]}
          </StatusBadge>
        )}
        {!member.active && <StatusBadge tone="neutral">Deaktiviert</StatusBadge>}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label="Heute noch möglich">
          {formatGrams(remaining.dayMg)} von {formatGrams(rules.dailyMg)}
        </Fact>
        <Fact label="Diesen Monat noch möglich">
          {formatGrams(remaining.monthMg)} von {formatGrams(rules.monthlyMg)}
        </Fact>
        <Fact label="Jetzt höchstens">{formatGrams(remaining.nowMg)}</Fact>
        <Fact label="Mitgliedsnummer">{member.membershipNumber ?? '–'}</Fact>
        <Fact label="Ausweis geprüft am">
          {member.idCheckedOn ? formatDate(member.idCheckedOn) : 'nicht eingetragen'}
        </Fact>
        <Fact label="Mitglied seit">
          {member.joinedOn ? formatDate(member.joinedOn) : 'nicht eingetragen'}
        </Fact>
      </dl>
      {rules.maxThcPercent !== null && (
        <p className="text-sm text-ink">
          18 bis 20 Jahre: höchstens {formatGrams(rules.monthlyMg)} im Monat und nur Sorten mit
          höchstens {rules.maxThcPercent} % THC.
        </p>
      )}
      {allowance.refusal && (
        <p className="flex gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {allowance.refusal}
        </p>
      )}
    </section>
  )
}
