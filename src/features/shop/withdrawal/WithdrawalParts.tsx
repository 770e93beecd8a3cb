import { formatDate, formatDateTime } from '~/lib/format'
import { type OrderWithdrawalView, withdrawalLineLabels } from '~/lib/withdrawal'
import { FieldView } from '../../forms/field-parts'

/** Per line whether the right of withdrawal applies (the same rule as the confirmation mail). */
export function WithdrawalLines({ lines }: { lines: OrderWithdrawalView['lines'] }) {
  return (
    <ul className="space-y-1 text-sm">
      {lines.map((line) => (
        <li key={line.itemId}>
          <span className="text-ink">{line.name}</span>
          <span className="block text-ink-muted">
            {line.applies ? withdrawalLineLabels.applies : withdrawalLineLabels.excluded}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The acknowledgment of receipt as the pages show it, with date and time. */
export function WithdrawalReceived({ receivedAt, lines }: { receivedAt: string; lines: string[] }) {
  return (
    <div role="status" className="rounded-card border border-border bg-surface-muted p-4 text-sm">
      <p className="font-medium text-ink">
        Ihr Widerruf ist am {formatDateTime(receivedAt)} Uhr bei uns eingegangen.
      </p>
      <p className="mt-1 text-ink-muted">
        Er umfasst: {lines.join(', ')}. Die Eingangsbestätigung haben wir Ihnen per E-Mail gesendet.
      </p>
    </div>
  )
}

export const withdrawalPeriodText = (lastDay: string | null) =>
  lastDay
    ? `Die Widerrufsfrist endet am ${formatDate(lastDay)}.`
    : 'Die Widerrufsfrist von 14 Tagen beginnt, wenn Sie die Ware erhalten haben.'

/** Name and e-mail for the receipt: what the confirmation step asks (§ 356a Abs. 2 BGB). */
export function WithdrawalPersonFields({
  idPrefix,
  fieldError,
  defaultName = '',
}: {
  idPrefix: string
  fieldError: (name: string) => string | null
  defaultName?: string
}) {
  return (
    <>
      <FieldView
        id={`${idPrefix}-name`}
        label="Ihr Name"
        error={fieldError('name')}
        render={(control) => (
          <input {...control} name="name" autoComplete="name" defaultValue={defaultName} />
        )}
      />
      <FieldView
        id={`${idPrefix}-email`}
        label="E-Mail-Adresse für die Eingangsbestätigung"
        error={fieldError('email')}
        render={(control) => <input {...control} name="email" type="email" autoComplete="email" />}
      />
    </>
  )
}
