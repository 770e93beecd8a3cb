import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { FileDown, Link2, Pencil, Power, PowerOff, ShieldX, Unlink } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { customerOrderStatusLabels, paymentStatusLabels } from '~/lib/customer-orders'
import { customerNoteSchema } from '~/lib/customer-schemas'
import { type CustomerDetail, customerKindLabels } from '~/lib/customers'
import { failureOf } from '~/lib/failure'
import { formatDate, formatDateTime, formatMoney } from '~/lib/format'
import { restrictedMessageFor } from '~/lib/record-retention'
import { CustomerDocuments } from '../documents/CustomerDocuments'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { MemberHandouts } from '../handouts/MemberHandouts'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { CustomerFacts } from './CustomerFacts'
import { CustomerStatusBadge } from './CustomerStatusBadge'
import {
  addCustomerNoteFn,
  anonymiseCustomerFn,
  deactivateCustomerFn,
  linkShopAccountFn,
  reactivateCustomerFn,
  unlinkShopAccountFn,
} from './customer-save.functions'
import { customerTerms } from './customer-terms'
import { customerQuery, customersKey } from './customers.queries'

const route = getRouteApi('/_app/customers/$id/')

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-border bg-surface p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

function OrdersTable({ customer }: { customer: CustomerDetail }) {
  if (customer.orders.length === 0) {
    return <p className="text-sm text-ink-muted">Noch keine Bestellungen.</p>
  }
  return (
    <PlainTable
      caption={`Bestellungen von ${customer.displayName}`}
      columns={[
        { header: 'Nummer' },
        { header: 'Datum' },
        { header: 'Status' },
        { header: 'Zahlung' },
        { header: 'Summe (brutto)', numeric: true },
      ]}
    >
      {customer.orders.map((order) => (
        <tr key={order.id} className={plainRowClass}>
          <td className="py-2 pr-4">
            <Link
              to="/customer_orders/$id"
              params={{ id: order.id }}
              className="font-mono font-medium text-brand-900 hover:underline"
            >
              {order.number}
            </Link>
          </td>
          <td className="py-2 pr-4">{formatDate(order.createdAt)}</td>
          <td className="py-2 pr-4">
            <StatusBadge
              tone={
                order.status === 'cancelled' || order.status === 'expired'
                  ? 'neutral'
                  : order.status === 'completed'
                    ? 'success'
                    : 'info'
              }
            >
              {customerOrderStatusLabels[order.status]}
            </StatusBadge>
          </td>
          <td className="py-2 pr-4">{paymentStatusLabels[order.paymentStatus]}</td>
          <td className="py-2 text-right tabular-nums whitespace-nowrap">
            {formatMoney(order.grossCents)}
          </td>
        </tr>
      ))}
    </PlainTable>
  )
}

function NoteForm({
  customer,
  onSaved,
}: {
  customer: CustomerDetail
  onSaved: () => Promise<void>
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { body: '' },
    validators: { onSubmit: customerNoteSchema },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await addCustomerNoteFn({ data: { id: customer.id, body: value.body } })
        formApi.reset()
        toast.success('Die Notiz wurde gespeichert.')
        await onSaved()
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })
  return (
    <form.AppForm>
      <form.FormFrame className="space-y-3">
        {failure && <FormAlert>{failure}</FormAlert>}
        <form.AppField name="body">
          {(field) => <field.TextField label="Neue Notiz" multiline />}
        </form.AppField>
        <div className="flex justify-end">
          <form.SubmitButton>Notiz speichern</form.SubmitButton>
        </div>
      </form.FormFrame>
    </form.AppForm>
  )
}

function ShopAccountLink({
  customer,
  onChanged,
}: {
  customer: CustomerDetail
  onChanged: () => Promise<void>
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const [unlinking, setUnlinking] = useState(false)
  const form = useAppForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await linkShopAccountFn({ data: { id: customer.id, email: value.email } })
        formApi.reset()
        toast.success('Das Kundenkonto wurde verknüpft.')
        await onChanged()
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })
  if (customer.shopAccount) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink">
          Verknüpft mit dem Kundenkonto <strong>{customer.shopAccount.email}</strong> (
          {customer.shopAccount.name}) im Shop {customer.shopAccount.shopName}.
        </p>
        {!customer.anonymisedAt && (
          <Button variant="secondary" onClick={() => setUnlinking(true)}>
            <Unlink className="size-4" aria-hidden="true" />
            Verknüpfung lösen
          </Button>
        )}
        <ConfirmDialog
          open={unlinking}
          onOpenChange={setUnlinking}
          title="Verknüpfung lösen?"
          description="Das Kundenkonto im Shop bleibt bestehen; Bestellungen aus dem Shop werden diesem Kunden dann nicht mehr zugeordnet."
          confirmLabel="Verknüpfung lösen"
          onConfirm={async () => {
            await unlinkShopAccountFn({ data: { id: customer.id } })
            toast.success('Die Verknüpfung wurde gelöst.')
            await onChanged()
          }}
        />
      </div>
    )
  }
  if (customer.anonymisedAt) return <p className="text-sm text-ink-muted">Kein Kundenkonto.</p>
  return (
    <form.AppForm>
      <form.FormFrame className="space-y-3">
        <p className="text-sm text-ink-muted">
          Nicht verknüpft. Hat die Person ein Kundenkonto in deinem Shop, verknüpfe es über die
          E-Mail-Adresse, mit der sie sich registriert hat.
        </p>
        {failure && <FormAlert>{failure}</FormAlert>}
        <form.AppField name="email">
          {(field) => <field.TextField label="E-Mail-Adresse des Kundenkontos" type="email" />}
        </form.AppField>
        <div className="flex justify-end">
          <form.SubmitButton>
            <Link2 className="size-4" aria-hidden="true" />
            Verknüpfen
          </form.SubmitButton>
        </div>
      </form.FormFrame>
    </form.AppForm>
  )
}

type Asking = 'deactivate' | 'reactivate' | 'anonymise' | null

/** `/customers/$id`: the customer's facts, orders, notes and shop account, with the actions. */
export function CustomerDetailPage() {
  const { id } = route.useParams()
  const { data: customer } = useSuspenseQuery(customerQuery(id))
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<Asking>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: customersKey })
  const words = customerTerms(customer.owner.members)
  const anonymised = customer.anonymisedAt !== null
  const restricted = customer.restrictedAt !== null

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action()
      toast.success(success)
    } finally {
      await refresh()
    }
  }

  const actions = !anonymised && (
    <>
      <ButtonLink to="/customers/$id/edit" params={{ id }}>
        <Pencil className="size-4" aria-hidden="true" />
        Bearbeiten
      </ButtonLink>
      {restricted ? null : customer.active ? (
        <Button variant="secondary" onClick={() => setAsking('deactivate')}>
          <PowerOff className="size-4" aria-hidden="true" />
          Deaktivieren
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setAsking('reactivate')}>
          <Power className="size-4" aria-hidden="true" />
          Reaktivieren
        </Button>
      )}
      <ButtonLink to="/customers/$id/export" params={{ id }} variant="secondary">
        <FileDown className="size-4" aria-hidden="true" />
        Datenauskunft
      </ButtonLink>
      {customer.owner.canAnonymise && !restricted && (
        <Button variant="danger" onClick={() => setAsking('anonymise')}>
          <ShieldX className="size-4" aria-hidden="true" />
          Anonymisieren
        </Button>
      )}
    </>
  )

  return (
    <>
      <PageHeader
        title={customer.displayName}
        back={<BackLink to="/customers">{words.back}</BackLink>}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CustomerStatusBadge active={customer.active} anonymised={anonymised} />
            <span className="font-mono">{customer.number}</span>
            <span>{customerKindLabels[customer.kind]}</span>
            {customer.partnerOrganisationName && <span>auf Blattwerk</span>}
            {anonymised && (
              <span>anonymisiert am {formatDate(customer.anonymisedAt as string)}</span>
            )}
            {restricted && !anonymised && (
              <span>
                gesperrt am {formatDate(customer.restrictedAt as string)}, anonymisiert nach Ablauf
                der Aufbewahrungsfristen
              </span>
            )}
          </span>
        }
        actions={actions}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Angaben" id="customer-facts">
          <CustomerFacts
            fields={customer}
            extra={[
              ...(customer.partnerOrganisationName
                ? [
                    ['Organisation auf Blattwerk', customer.partnerOrganisationName] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
              ...(customer.kind === 'member'
                ? ([
                    [
                      'Erklärungen eingetragen von',
                      [customer.noOtherClubRecordedByName, customer.residenceRecordedByName]
                        .filter((name, index, names) => name && names.indexOf(name) === index)
                        .join(', ') || '–',
                    ],
                    ['Gibt ab mit dem Benutzerkonto', customer.teamUserName ?? '–'],
                  ] as [string, ReactNode][])
                : []),
              ['Angelegt', formatDate(customer.createdAt)],
              ['Zuletzt geändert', formatDateTime(customer.updatedAt)],
            ]}
          />
        </Card>
        {customer.kind === 'member' ? (
          // A club hands out at the counter: no orders, no shop account.
          <MemberHandouts customerId={customer.id} />
        ) : (
          <div className="space-y-6">
            <Card title="Bestellungen" id="customer-orders">
              <OrdersTable customer={customer} />
            </Card>
            <Card title="Kundenkonto im Shop" id="customer-shop-account">
              <ShopAccountLink customer={customer} onChanged={refresh} />
            </Card>
          </div>
        )}
        <CustomerDocuments customerId={customer.id} />
        <Card title="Notizen" id="customer-notes">
          <div className="space-y-4">
            {customer.notes.length === 0 ? (
              <p className="text-sm text-ink-muted">Noch keine Notizen.</p>
            ) : (
              <ul className="space-y-3">
                {customer.notes.map((note) => (
                  <li key={note.id} className="rounded-lg bg-surface-muted px-4 py-3">
                    <p className="whitespace-pre-line text-ink">{note.body}</p>
                    <p className="mt-1 text-xs text-ink-muted">
                      {formatDateTime(note.createdAt)}
                      {note.authorName && ` · ${note.authorName}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {!anonymised && <NoteForm customer={customer} onSaved={refresh} />}
          </div>
        </Card>
      </div>

      <ConfirmDialog
        open={asking === 'deactivate'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`${words.singular} deaktivieren?`}
        description={
          customer.owner.members
            ? 'Das Mitglied erscheint nicht mehr in der Auswahl und zählt nicht mehr zu den höchstens 500 aktiven Mitgliedern. Sie können es später reaktivieren.'
            : 'Der Kunde erscheint nicht mehr in der Auswahl für neue Bestellungen. Bestehende Bestellungen bleiben. Sie können ihn später reaktivieren.'
        }
        confirmLabel="Deaktivieren"
        onConfirm={() =>
          run(
            () => deactivateCustomerFn({ data: { id, revision: customer.revision } }),
            `${words.the} wurde deaktiviert.`,
          )
        }
      />
      <ConfirmDialog
        open={asking === 'reactivate'}
        onOpenChange={(open) => !open && setAsking(null)}
        variant="primary"
        title={`${words.singular} reaktivieren?`}
        description={`${words.the} steht danach wieder für neue Bestellungen und Abgaben zur Auswahl.`}
        confirmLabel="Reaktivieren"
        onConfirm={() =>
          run(
            () => reactivateCustomerFn({ data: { id, revision: customer.revision } }),
            `${words.the} ist wieder aktiv.`,
          )
        }
      />
      <ConfirmDialog
        open={asking === 'anonymise'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`${words.singular} anonymisieren?`}
        description={
          <div className="space-y-2">
            <p>
              Name, Geburtsdatum, Anschrift, Kontaktdaten, Versicherungsangaben und Mitgliedsdaten
              werden unwiderruflich durch „Anonymisiert“ ersetzt bzw. gelöscht, die Notizen gelöscht
              und die Verknüpfung mit dem Kundenkonto gelöst.
            </p>
            <p>
              Bestellungen, Rechnungen und Abgabedokumentation bleiben erhalten, weil das Gesetz
              ihre Aufbewahrung verlangt; Liefer- und Rechnungsanschriften der Bestellungen, Rezepte
              und Rezeptscans werden gelöscht.
            </p>
            <p>
              Solange eine Aufbewahrungsfrist läuft (Rechnungen acht Jahre nach Jahresende, § 147
              AO; Apothekenaufzeichnungen mindestens fünf Jahre, § 22 ApBetrO; Abgaben eines Vereins
              fünf Jahre, § 26 KCanG), wird stattdessen gesperrt: nicht mehr in Listen und Suchen,
              nur für die Behörde aufbewahrt, nach Ablauf der letzten Frist automatisch
              anonymisiert.
            </p>
            {customer.openOrderCount > 0 && (
              <p className="font-medium text-danger">
                Es gibt noch {customer.openOrderCount} offene Bestellung(en): Solange lässt sich der
                Kunde nicht anonymisieren.
              </p>
            )}
          </div>
        }
        confirmLabel="Endgültig anonymisieren"
        onConfirm={async () => {
          try {
            const { restricted } = await anonymiseCustomerFn({
              data: { id, revision: customer.revision },
            })
            toast.success(
              restricted ? restrictedMessageFor(customer.kind) : `${words.the} wurde anonymisiert.`,
            )
          } catch (error) {
            await refresh()
            throw new Error(failureOf(error).message)
          }
          await refresh()
        }}
      />
    </>
  )
}
