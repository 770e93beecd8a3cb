import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import {
  BadgeCheck,
  Ban,
  CircleAlert,
  Flame,
  FlaskConical,
  type LucideIcon,
  Scale,
} from 'lucide-react'
import { type MouseEvent, type ReactNode, useRef, useState } from 'react'
import { formatDate, formatDateTime, formatQuantity } from '~/lib/format'
import { cannabinoidUnitLabels, formatCannabinoid } from '~/lib/products'
import { quantityUnitOfPack, releaseMissesCannabinoids, stockMovementLabel } from '~/lib/stock'
import { sourceLabel } from '~/lib/stock-labels'
import type { BatchDetail, BatchMovement } from '~/lib/stock-lists'
import {
  batchCannabinoidsSchema,
  correctStockSchema,
  destroyStockSchema,
  releaseBatchSchema,
} from '~/lib/stock-schemas'
import { formErrorsOf } from '../forms/field-errors'
import { useAppForm } from '../forms/form-hook'
import { productsKey } from '../products/products.queries'
import { Button, type ButtonVariant } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { FactList } from '../ui/FactList'
import { FormDialog } from '../ui/FormDialog'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { type PlainColumn, PlainTable, plainRowClass } from '../ui/PlainTable'
import { toast } from '../ui/toast'
import { BatchStatusBadge } from './BatchStatusBadge'
import { CertificateLinks, CertificateUpload } from './Certificate'
import { batchQuery, stockKey } from './stock.queries'
import {
  attachCertificateFn,
  blockBatchFn,
  correctBatchCannabinoidsFn,
  correctStockFn,
  destroyStockFn,
  releaseBatchFn,
} from './stock-actions.functions'
import { baseUnitsOf, contentOf, quantityUnitLabel, withoutFieldErrors } from './stock-form'

const route = getRouteApi('/_app/inventory/batches/$id')

/** The form's own check with the shared schema: `undefined` when the service will accept it. */
const validateWith = (schema: Parameters<typeof formErrorsOf>[0], input: unknown) => {
  const errors = formErrorsOf(schema, input)
  return Object.keys(errors).length ? { fields: errors } : undefined
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-border bg-surface p-6">
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

/** After an action: every stock figure may have changed, and so has the product list's column. */
function useStockChanged() {
  const queryClient = useQueryClient()
  return async (message: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: stockKey }),
      queryClient.invalidateQueries({ queryKey: productsKey }),
    ])
    toast.success(message)
  }
}

function Facts({ batch }: { batch: BatchDetail }) {
  const unit = quantityUnitOfPack[batch.product.packUnit]
  const content = (value: number | null) =>
    formatCannabinoid(value, batch.product.cannabinoidUnit) ?? '–'
  const rows: [string, ReactNode][] = [
    ['Produkt', batch.product.name],
    ...(batch.product.pzn ? ([['PZN', batch.product.pzn]] as [string, ReactNode][]) : []),
    [
      'Herkunft',
      batch.filledFrom ? (
        <span key="filled">
          Abgefüllt aus Charge{' '}
          <Link
            to="/inventory/batches/$id"
            params={{ id: batch.filledFrom.id }}
            className="font-mono font-medium text-brand-900 hover:underline"
          >
            {batch.filledFrom.batchNumber}
          </Link>
        </span>
      ) : batch.origin === 'harvest' ? (
        'Eigene Ernte'
      ) : (
        (batch.supplierName ?? 'ohne Lieferant')
      ),
    ],
    ...(batch.harvestDate
      ? ([['Erntedatum', formatDate(batch.harvestDate)]] as [string, ReactNode][])
      : []),
    [
      'Verfall',
      batch.expiryDate
        ? `${formatDate(batch.expiryDate)}${batch.expired ? ' (abgelaufen)' : ''}`
        : '–',
    ],
    ['THC (gemessen)', content(batch.thcContent)],
    ['CBD (gemessen)', content(batch.cbdContent)],
    ['Bestand', formatQuantity(batch.balance, unit)],
    ['Davon reserviert', formatQuantity(batch.reserved, unit)],
    ['Prüfnummer', batch.testNumber ?? '–'],
    [
      'Freigabe',
      batch.releasedAt
        ? `${formatDateTime(batch.releasedAt)}${batch.releasedByName ? ` von ${batch.releasedByName}` : ''}`
        : '–',
    ],
    ...(batch.status === 'blocked'
      ? ([
          [
            'Sperre',
            `${batch.blockedAt ? formatDateTime(batch.blockedAt) : ''}${batch.blockedByName ? ` von ${batch.blockedByName}` : ''}`,
          ],
          ['Grund der Sperre', batch.blockedReason],
        ] as [string, ReactNode][])
      : []),
    ['Eingebucht', formatDateTime(batch.createdAt)],
  ]
  return <FactList rows={rows} />
}

function CertificateCard({ batch }: { batch: BatchDetail }) {
  const stockChanged = useStockChanged()
  const [error, setError] = useState<string | null>(null)
  const harvest = batch.origin === 'harvest'
  const label = harvest ? 'Laborbericht' : 'Analysezertifikat'
  // The words decline with the noun's gender: der Laborbericht, das Analysezertifikat.
  const wording = harvest
    ? {
        replace: 'Neuer Laborbericht',
        upload: 'Neuen Laborbericht hochladen',
        attached: 'Der Laborbericht ist hinterlegt.',
      }
    : {
        replace: 'Neues Analysezertifikat',
        upload: 'Neues Analysezertifikat hochladen',
        attached: 'Das Analysezertifikat ist hinterlegt.',
      }
  return (
    <Card title={label}>
      <div className="space-y-4">
        {batch.certificate ? (
          batch.owner.canManage ? (
            <CertificateLinks
              fileId={batch.certificate.id}
              fileName={`${label}-${batch.batchNumber}.${batch.certificate.contentType === 'application/pdf' ? 'pdf' : batch.certificate.contentType.replace('image/', '')}`}
            />
          ) : (
            <p className="text-ink-muted">Liegt vor (nur für die Organisation selbst einsehbar).</p>
          )
        ) : (
          <p className="text-ink-muted">
            Noch kein {label}. Ohne {label} kann die Charge nicht freigegeben werden.
          </p>
        )}
        {batch.actions.attachCertificate && (
          <CertificateUpload
            label={batch.certificate ? wording.replace : label}
            texts={batch.certificate ? { upload: wording.upload } : undefined}
            error={error}
            onUploaded={async (fileId) => {
              setError(null)
              try {
                await attachCertificateFn({ data: { batchId: batch.id, coaFileId: fileId } })
                await stockChanged(wording.attached)
              } catch (failure) {
                setError(withoutFieldErrors(failure).message)
              }
            }}
          />
        )}
      </div>
    </Card>
  )
}

/** What every action dialog of the batch page gets. */
interface BatchDialogProps {
  batch: BatchDetail
  open: boolean
  onOpenChange: (open: boolean) => void
}

function ReleaseDialog({ batch, open, onOpenChange }: BatchDialogProps) {
  const stockChanged = useStockChanged()
  const withoutCannabinoids = releaseMissesCannabinoids(batch.product.category, batch)
  const form = useAppForm({
    defaultValues: { testNumber: '', confirmMissingCannabinoids: false },
    validators: {
      onSubmit: ({ value }) => {
        if (withoutCannabinoids && !value.confirmMissingCannabinoids) {
          return {
            fields: {
              confirmMissingCannabinoids:
                'Bitte bestätige die Freigabe ohne THC-/CBD-Messwerte oder trag die Werte zuerst nach.',
            },
          }
        }
        return validateWith(releaseBatchSchema, { ...value, batchId: batch.id })
      },
    },
    onSubmit: async ({ value }) => {
      await releaseBatchFn({ data: { batchId: batch.id, ...value } })
      await stockChanged(`Charge ${batch.batchNumber} ist freigegeben.`)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Charge ${batch.batchNumber} freigeben`}
      description="Nach der Identitätsprüfung: Die Freigabe wird mit deinem Namen und der Uhrzeit festgehalten. Erst dann darf die Ware abgegeben werden."
      form={form}
      submitLabel="Freigeben"
    >
      {!batch.certificate && (
        <p className="rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
          Es liegt noch kein Analysezertifikat vor. Lade es zuerst unter „Analysezertifikat“ hoch.
        </p>
      )}
      {withoutCannabinoids && (
        <>
          <p
            role="alert"
            className="rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning"
          >
            Für diese Charge sind THC und CBD nicht gemessen hinterlegt. Trag die Werte aus dem
            Analysezertifikat unter „THC/CBD nachtragen“ nach, oder gib die Charge nur bewusst ohne
            Messwerte frei.
          </p>
          <form.AppField name="confirmMissingCannabinoids">
            {(field) => <field.CheckboxField label="Ohne THC-/CBD-Messwerte freigeben" />}
          </form.AppField>
        </>
      )}
      <form.AppField name="testNumber">
        {(field) => <field.TextField label="Prüfnummer" />}
      </form.AppField>
    </FormDialog>
  )
}

/** A measured content as the German form shows it ("21,5"); empty when none is recorded. */
const contentText = (value: number | null) =>
  value === null ? '' : String(value).replace('.', ',')

function CannabinoidsDialog({ batch, open, onOpenChange }: BatchDialogProps) {
  const stockChanged = useStockChanged()
  const unit = cannabinoidUnitLabels[batch.product.cannabinoidUnit ?? 'percent']
  const inputOf = (value: { thcContent: string; cbdContent: string; reason: string }) => ({
    batchId: batch.id,
    thcContent: contentOf(value.thcContent),
    cbdContent: contentOf(value.cbdContent),
    reason: value.reason,
  })
  const form = useAppForm({
    defaultValues: {
      thcContent: contentText(batch.thcContent),
      cbdContent: contentText(batch.cbdContent),
      reason: '',
    },
    validators: { onSubmit: ({ value }) => validateWith(batchCannabinoidsSchema, inputOf(value)) },
    onSubmit: async ({ value }) => {
      await correctBatchCannabinoidsFn({ data: inputOf(value) })
      await stockChanged(`THC/CBD von Charge ${batch.batchNumber} sind gespeichert.`)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`THC/CBD von ${batch.batchNumber} nachtragen`}
      description="Die Messwerte aus dem Analysezertifikat. Bereits erstellte Abgabedokumente und Etiketten behalten ihre Werte; die Änderung steht mit dem Grund in der Historie."
      form={form}
      submitLabel="Speichern"
    >
      <form.AppField name="thcContent">
        {(field) => <field.InputField label={`THC in ${unit}`} inputMode="decimal" />}
      </form.AppField>
      <form.AppField name="cbdContent">
        {(field) => <field.InputField label={`CBD in ${unit}`} inputMode="decimal" />}
      </form.AppField>
      <form.AppField name="reason">
        {(field) => <field.TextField label="Grund" multiline />}
      </form.AppField>
    </FormDialog>
  )
}

interface StockAmount {
  batchId: string
  quantity: number
  reason: string
}

/** A correction and a destruction ask the same: an amount of the batch and a reason. */
function AmountDialog({
  batch,
  schema,
  quantityLabel,
  quantityHint,
  onValid,
  ...dialog
}: BatchDialogProps & {
  schema: Parameters<typeof formErrorsOf>[0]
  quantityLabel: string
  quantityHint?: string
  /** Runs once the amount and reason pass the schema. */
  onValid: (input: StockAmount) => void | Promise<void>
  title: string
  description: string
  submitLabel: string
}) {
  const inputOf = (value: { quantity: string; reason: string }): StockAmount => ({
    batchId: batch.id,
    quantity: baseUnitsOf(value.quantity, batch.product.packUnit) as number,
    reason: value.reason,
  })
  const form = useAppForm({
    defaultValues: { quantity: '', reason: '' },
    validators: { onSubmit: ({ value }) => validateWith(schema, inputOf(value)) },
    onSubmit: ({ value }) => onValid(inputOf(value)),
  })
  return (
    <FormDialog {...dialog} form={form}>
      <form.AppField name="quantity">
        {(field) => <field.TextField label={quantityLabel} hint={quantityHint} />}
      </form.AppField>
      <form.AppField name="reason">
        {(field) => <field.TextField label="Grund" multiline />}
      </form.AppField>
    </FormDialog>
  )
}

function CorrectDialog({ batch, open, onOpenChange }: BatchDialogProps) {
  const stockChanged = useStockChanged()
  const unitLabel = quantityUnitLabel(batch.product.packUnit)
  return (
    <AmountDialog
      batch={batch}
      schema={correctStockSchema}
      quantityLabel={`Menge in ${unitLabel} (mit Vorzeichen)`}
      quantityHint={`z. B. -1,5 für 1,5 ${unitLabel} weniger`}
      onValid={async (input) => {
        await correctStockFn({ data: input })
        await stockChanged(`Der Bestand von Charge ${batch.batchNumber} ist korrigiert.`)
      }}
      open={open}
      onOpenChange={onOpenChange}
      title={`Bestand von ${batch.batchNumber} korrigieren`}
      description="Etwa nach einer Inventur: Mehr gefunden als gebucht ist positiv, weniger negativ. Reservierte Ware bleibt unberührt."
      submitLabel="Korrektur buchen"
    />
  )
}

function DestroyDialogs({
  batch,
  open,
  onOpenChange,
  onConfirmClosed,
}: BatchDialogProps & { onConfirmClosed: () => void }) {
  const stockChanged = useStockChanged()
  const unit = quantityUnitOfPack[batch.product.packUnit]
  const [staged, setStaged] = useState<{ quantity: number; reason: string } | null>(null)
  return (
    <>
      <AmountDialog
        batch={batch}
        schema={destroyStockSchema}
        quantityLabel={`Menge in ${quantityUnitLabel(batch.product.packUnit)}`}
        // The amount and reason are asked first; the destruction itself waits for the confirmation.
        onValid={({ quantity, reason }) => setStaged({ quantity, reason: reason.trim() })}
        open={open}
        onOpenChange={onOpenChange}
        title={`Ware aus ${batch.batchNumber} vernichten`}
        description="Beschädigte, verdorbene oder zurückgerufene Ware wird ausgebucht. Der Grund steht in der Historie der Charge."
        submitLabel="Weiter"
      />
      <ConfirmDialog
        open={staged !== null}
        onOpenChange={(next) => {
          if (next) return
          setStaged(null)
          onConfirmClosed()
        }}
        title={
          staged
            ? `${formatQuantity(staged.quantity, unit)} aus Charge ${batch.batchNumber} vernichten?`
            : ''
        }
        description={
          <>
            <p>
              Die Vernichtung wird im Bestandsjournal gebucht und lässt sich nicht rückgängig
              machen.
            </p>
            {staged && <p className="mt-2">Grund: {staged.reason}</p>}
          </>
        }
        confirmLabel="Vernichten"
        onConfirm={async () => {
          if (!staged) return
          try {
            await destroyStockFn({ data: { batchId: batch.id, ...staged } })
          } catch (error) {
            throw withoutFieldErrors(error)
          }
          await stockChanged(`Die Ware aus Charge ${batch.batchNumber} ist als vernichtet gebucht.`)
        }}
      />
    </>
  )
}

type ActionName = 'release' | 'block' | 'correct' | 'destroy' | 'correctCannabinoids'

/** The page's action buttons, in their order; each shows where the batch allows it. */
const actionButtons: {
  name: ActionName
  label: string
  icon: LucideIcon
  variant: ButtonVariant
}[] = [
  { name: 'release', label: 'Freigeben', icon: BadgeCheck, variant: 'primary' },
  { name: 'correct', label: 'Bestand korrigieren', icon: Scale, variant: 'secondary' },
  {
    name: 'correctCannabinoids',
    label: 'THC/CBD nachtragen',
    icon: FlaskConical,
    variant: 'secondary',
  },
  { name: 'destroy', label: 'Vernichten', icon: Flame, variant: 'secondary' },
  { name: 'block', label: 'Sperren', icon: Ban, variant: 'danger' },
]

function Actions({ batch }: { batch: BatchDetail }) {
  const stockChanged = useStockChanged()
  const [open, setOpen] = useState<ActionName | null>(null)
  // The dialogs open without a Radix trigger, so they cannot give the focus back by themselves.
  const trigger = useRef<HTMLElement | null>(null)
  const returnFocus = () => setTimeout(() => trigger.current?.focus(), 0)
  const show = (name: ActionName) => (event: MouseEvent<HTMLButtonElement>) => {
    trigger.current = event.currentTarget
    setOpen(name)
  }
  const opener = (name: ActionName) => (next: boolean) => {
    setOpen(next ? name : null)
    if (!next) returnFocus()
  }
  const { actions } = batch
  return (
    <>
      {actionButtons
        .filter(({ name }) => actions[name])
        .map(({ name, label, icon: Icon, variant }) => (
          <Button key={name} variant={variant} onClick={show(name)}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Button>
        ))}
      {actions.release && (
        <ReleaseDialog batch={batch} open={open === 'release'} onOpenChange={opener('release')} />
      )}
      {actions.correctCannabinoids && (
        <CannabinoidsDialog
          batch={batch}
          open={open === 'correctCannabinoids'}
          onOpenChange={opener('correctCannabinoids')}
        />
      )}
      {actions.correct && (
        <CorrectDialog batch={batch} open={open === 'correct'} onOpenChange={opener('correct')} />
      )}
      {actions.destroy && (
        <DestroyDialogs
          batch={batch}
          open={open === 'destroy'}
          onOpenChange={opener('destroy')}
          onConfirmClosed={returnFocus}
        />
      )}
      {actions.block && (
        <ConfirmDialog
          open={open === 'block'}
          onOpenChange={opener('block')}
          title={`Charge ${batch.batchNumber} sperren?`}
          description="Gesperrte Ware bleibt im Bestand sichtbar, wird aber nie verkauft oder abgegeben – etwa bei einem Rückruf oder einer nicht bestandenen Prüfung."
          confirmLabel="Sperren"
          reason={{ label: 'Grund der Sperre', minLength: 1 }}
          onConfirm={async (reason) => {
            try {
              await blockBatchFn({ data: { batchId: batch.id, reason } })
            } catch (error) {
              throw withoutFieldErrors(error)
            }
            await stockChanged(`Charge ${batch.batchNumber} ist gesperrt.`)
          }}
        />
      )}
    </>
  )
}

const movementColumns: readonly PlainColumn[] = [
  { header: 'Zeitpunkt' },
  { header: 'Vorgang' },
  { header: 'Menge', numeric: true },
  { header: 'Bestand danach', numeric: true },
  { header: 'Grund / Beleg' },
  { header: 'Von' },
]

function Movements({ batch }: { batch: BatchDetail }) {
  const unit = quantityUnitOfPack[batch.product.packUnit]
  const signed = (movement: BatchMovement) =>
    `${movement.quantity > 0 ? '+' : '−'}${formatQuantity(Math.abs(movement.quantity), unit)}`
  return (
    <Card title="Bewegungen">
      {batch.movementTotal > batch.movements.length && (
        <p className="mb-3 text-sm text-ink-muted">
          Die letzten {batch.movements.length} von {batch.movementTotal} Bewegungen.
        </p>
      )}
      <PlainTable caption="Bewegungen der Charge, neueste zuerst" columns={movementColumns} scrolls>
        {batch.movements.map((movement) => (
          <tr key={movement.id} className={plainRowClass}>
            <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(movement.createdAt)}</td>
            <td className="py-2 pr-4">{stockMovementLabel(movement.kind, batch.origin)}</td>
            <td
              className={`py-2 pr-4 text-right whitespace-nowrap tabular-nums ${movement.quantity < 0 ? 'text-danger' : 'text-success'}`}
            >
              {signed(movement)}
            </td>
            <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">
              {formatQuantity(movement.balanceAfter, unit)}
            </td>
            <td className="py-2 pr-4">
              {movement.reason ??
                (movement.purchaseOrder ? (
                  <Link
                    to="/purchase_orders/$id/edit"
                    params={{ id: movement.purchaseOrder.id }}
                    className="font-medium text-brand-900 hover:underline"
                  >
                    Einkaufsbestellung {movement.purchaseOrder.number}
                  </Link>
                ) : (
                  sourceLabel(movement.sourceType)
                ))}
            </td>
            <td className="py-2">{movement.actorName ?? '–'}</td>
          </tr>
        ))}
      </PlainTable>
    </Card>
  )
}

function Reservations({ batch }: { batch: BatchDetail }) {
  const unit = quantityUnitOfPack[batch.product.packUnit]
  return (
    <Card title="Aktive Reservierungen">
      {batch.reservations.length === 0 ? (
        <p className="text-ink-muted">Keine – der ganze Bestand ist frei.</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {batch.reservations.map((reservation) => (
            <li key={reservation.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {formatQuantity(reservation.quantity, unit)} für{' '}
                {sourceLabel(reservation.sourceType)}
              </span>
              <span className="text-ink-muted">
                {reservation.expiresAt
                  ? `läuft ab ${formatDateTime(reservation.expiresAt)}`
                  : `seit ${formatDateTime(reservation.createdAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** `/inventory/batches/$id`: a batch's facts, CoA, history and reservations, and its actions. */
export function BatchPage() {
  const { id } = route.useParams()
  const { data: batch } = useSuspenseQuery(batchQuery(id))
  return (
    <>
      <PageHeader
        title={`Charge ${batch.batchNumber}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {batch.product.name}
            <BatchStatusBadge status={batch.status} expired={batch.expired} />
          </span>
        }
        back={
          <BackLink
            to="/inventory"
            search={batch.owner.canManage ? {} : { organisation: batch.owner.id }}
          >
            Bestand
          </BackLink>
        }
        actions={<Actions batch={batch} />}
      />
      {batch.releaseNote && (
        <p className="mb-6 flex gap-2 rounded-lg border border-info/30 bg-info-soft px-3 py-2 text-sm text-info">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {batch.releaseNote}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Angaben">
          <Facts batch={batch} />
        </Card>
        <div className="space-y-6">
          <CertificateCard batch={batch} />
          <Reservations batch={batch} />
        </div>
      </div>
      <div className="mt-6">
        <Movements batch={batch} />
      </div>
    </>
  )
}
