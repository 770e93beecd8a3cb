import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Plus, ShoppingBasket } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useSession } from '~/features/session/use-session'
import {
  courierAreaMessage,
  deliveryFeeFor,
  evidenceChoiceLabels,
  evidenceRefusal,
  paymentRefusal,
} from '~/lib/checkout'
import type { PayerKind, PrescriptionEvidenceKind } from '~/lib/customer-enums'
import {
  deliveryMethodLabels,
  orderTotalsWithFee,
  prescriptionEvidenceKinds,
  prescriptionShares,
} from '~/lib/customer-orders'
import { payerKindLabels } from '~/lib/customers'
import { failureOf } from '~/lib/failure'
import { formatMoney } from '~/lib/format'
import { formatSalesQuantity } from '~/lib/product-display'
import { type ShopPaymentMethod, shopPaymentMethodLabels } from '~/lib/shop'
import { addressLine, type ShopAddress } from '~/lib/shop-addresses'
import type { ShopDeliveryMethod } from '~/lib/tenant-config'
import { DocumentUpload } from '../../files/UploadField'
import { FormAlert } from '../../forms/field-parts'
import { startOrderPayment } from '../../payments/payments.functions'
import { AddressDialog } from '../../shop-accounts/addresses/AddressDialog'
import { Button } from '../../ui/buttons'
import { EmptyState } from '../../ui/EmptyState'
import { PageHeader } from '../../ui/PageHeader'
import { placeShopOrderFn } from './checkout.functions'
import { checkoutKey, checkoutQuery } from './checkout.queries'

type Errors = Record<string, string>

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** A group of radio buttons with a legend, its options as cards; arrow keys move within it. */
function Choice<T extends string>({
  name,
  legend,
  value,
  options,
  error,
  onChange,
}: {
  name: string
  legend: string
  value: T | ''
  options: { value: T; label: string; detail?: ReactNode; disabled?: boolean }[]
  error?: string
  onChange: (value: T) => void
}) {
  const errorId = `${name}-error`
  return (
    <fieldset
      id={`field-${name}`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-ink">{option.label}</span>
            {option.detail && <span className="block text-ink-muted">{option.detail}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

const feeText = (method: ShopDeliveryMethod) => {
  if (method.kind === 'pickup') return 'kostenlos'
  const fee = method.feeCents === 0 ? 'kostenlos' : formatMoney(method.feeCents)
  return method.kind === 'courier' && method.freeFromCents !== null && method.feeCents > 0
    ? `${fee}, ab ${formatMoney(method.freeFromCents)} Warenwert kostenlos`
    : fee
}

/**
 * `/checkout`: address, delivery, prescription, payment and review on one page, with the summary
 * beside it. The server checks everything again when the order is placed.
 */
export function CheckoutPage() {
  const { data: view } = useSuspenseQuery(checkoutQuery())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const name = useSession().user?.name ?? ''
  const { lines, addresses } = view
  const initialBilling = (addresses.find((a) => a.defaultBilling) ?? addresses[0])?.id ?? ''
  const [billingId, setBillingId] = useState(initialBilling)
  const [deliveryAddressId, setDeliveryAddressId] = useState<string>('same')
  const [deliveryKind, setDeliveryKind] = useState<ShopDeliveryMethod['kind'] | ''>(
    view.deliveryMethods[0]?.kind ?? '',
  )
  const [payment, setPayment] = useState<ShopPaymentMethod | ''>('')
  const [payer, setPayer] = useState<PayerKind | ''>('')
  const [evidence, setEvidence] = useState<PrescriptionEvidenceKind | ''>('')
  const [scanFileId, setScanFileId] = useState('')
  const [exemptionFileId, setExemptionFileId] = useState('')
  const [eRezeptToken, setERezeptToken] = useState('')
  const [adding, setAdding] = useState<'billing' | 'delivery' | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Kasse" />
        <EmptyState icon={ShoppingBasket} title="Ihr Warenkorb ist leer">
          Legen Sie Produkte aus dem Sortiment in den Warenkorb, um zu bestellen.
        </EmptyState>
      </div>
    )
  }

  const method = view.deliveryMethods.find((candidate) => candidate.kind === deliveryKind)
  const billing = addresses.find((address) => address.id === billingId)
  const shipTo: ShopAddress | undefined =
    deliveryAddressId === 'same'
      ? billing
      : addresses.find((address) => address.id === deliveryAddressId)
  const flowers = lines.filter((line) => line.category === 'flower').map((line) => line.name)
  const needsPrescription = lines.some((line) => line.requiresPrescription)
  // Patients pay gross prices: the lines add up to the goods total (ADR 056).
  const goods = orderTotalsWithFee(lines, 0, 'gross')
  const feeCents = method ? deliveryFeeFor(method, goods.grossCents) : 0
  const totals = orderTotalsWithFee(lines, feeCents, 'gross')
  const shares = prescriptionShares(
    lines,
    needsPrescription && payer
      ? { payer, copaymentExempt: payer === 'statutory' && exemptionFileId !== '' }
      : null,
    goods.grossCents,
  )
  const amountDue = totals.grossCents - shares.insurerCents

  const methodProblem = (candidate: ShopDeliveryMethod): string | null => {
    if (!candidate.flowersAllowed && flowers.length > 0) {
      return `Blüten können so nicht geliefert werden: ${flowers.join(', ')}.`
    }
    return null
  }

  async function submit() {
    setFailure(null)
    setErrors({})
    const problems: Errors = {}
    if (!billingId)
      problems.billingAddressId = 'Bitte wählen oder erfassen Sie eine Rechnungsadresse.'
    if (!method) problems.deliveryMethod = 'Bitte wählen Sie eine Lieferart.'
    if (!payment) problems.paymentMethod = 'Bitte wählen Sie eine Zahlungsart.'
    if (needsPrescription && !payer) problems['prescription.payer'] = 'Bitte wählen Sie, wer zahlt.'
    if (needsPrescription && !evidence) {
      problems['prescription.evidence'] = 'Bitte wählen Sie, wie Sie das Rezept einreichen.'
    }
    if (Object.keys(problems).length > 0) {
      setErrors(problems)
      document.getElementById(`field-${Object.keys(problems)[0]}`)?.focus()
      return
    }
    setBusy(true)
    try {
      const placed = await placeShopOrderFn({
        data: {
          billingAddressId: billingId,
          deliveryMethod: deliveryKind as ShopDeliveryMethod['kind'],
          deliveryAddressId: deliveryAddressId === 'same' ? null : deliveryAddressId,
          paymentMethod: payment as ShopPaymentMethod,
          prescription: needsPrescription
            ? {
                payer: payer as PayerKind,
                evidence: evidence as PrescriptionEvidenceKind,
                scanFileId: evidence === 'upload' ? scanFileId || null : null,
                eRezeptToken: evidence === 'e_rezept' ? eRezeptToken : null,
                exemptionFileId: payer === 'statutory' ? exemptionFileId || null : null,
              }
            : null,
        },
      })
      if (placed.paymentMethod === 'mollie') {
        // Off to Mollie's payment page; the return page tells how it went. Should Mollie not
        // answer, the order page offers to pay again for as long as the order holds the goods.
        const payment = await startOrderPayment({ data: { orderId: placed.id } }).catch(() => null)
        queryClient.removeQueries({ queryKey: checkoutKey })
        if (payment) window.location.assign(payment.checkoutUrl)
        else await navigate({ to: '/account/orders/$id', params: { id: placed.id } })
        return
      }
      // To the confirmation first: an emptied checkout must not flash up in between.
      await navigate({ to: '/bestellung/$id', params: { id: placed.id } })
      queryClient.removeQueries({ queryKey: checkoutKey })
    } catch (error) {
      const answer = failureOf(error)
      if (answer.errors) setErrors(answer.errors)
      setFailure(answer.message)
      if (answer.status === 409) await queryClient.invalidateQueries({ queryKey: checkoutKey })
    } finally {
      setBusy(false)
    }
  }

  const addressOptions = addresses.map((address) => ({
    value: address.id,
    label: address.name,
    detail: addressLine({ ...address, name: '' }),
  }))

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Kasse"
        description="Prüfen Sie Ihre Angaben und schließen Sie die Bestellung ab."
      />
      <form
        noValidate
        method="post"
        aria-label="Bestellung"
        className="grid gap-6 lg:grid-cols-[1fr_20rem]"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <div className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <Section id="checkout-address" title="1. Adresse">
            {addresses.length > 0 ? (
              <Choice
                name="billingAddressId"
                legend="Rechnungsadresse"
                value={billingId}
                options={addressOptions}
                error={errors.billingAddressId}
                onChange={setBillingId}
              />
            ) : (
              <p id="field-billingAddressId" tabIndex={-1} className="text-sm text-ink-muted">
                {errors.billingAddressId ?? 'Sie haben noch keine Adresse gespeichert.'}
              </p>
            )}
            <Button variant="secondary" onClick={() => setAdding('billing')}>
              <Plus className="size-4" aria-hidden="true" />
              Neue Adresse
            </Button>
            {method && method.kind !== 'pickup' && (
              <Choice
                name="deliveryAddressId"
                legend="Lieferadresse"
                value={deliveryAddressId}
                options={[
                  { value: 'same', label: 'Wie Rechnungsadresse' },
                  ...addressOptions.filter((option) => option.value !== billingId),
                ]}
                error={errors.deliveryAddressId}
                onChange={setDeliveryAddressId}
              />
            )}
            {method && method.kind !== 'pickup' && (
              <Button variant="secondary" onClick={() => setAdding('delivery')}>
                <Plus className="size-4" aria-hidden="true" />
                Neue Lieferadresse
              </Button>
            )}
          </Section>

          <Section id="checkout-delivery" title="2. Lieferart">
            <Choice
              name="deliveryMethod"
              legend="Wie erhalten Sie Ihre Bestellung?"
              value={deliveryKind}
              options={view.deliveryMethods.map((candidate) => ({
                value: candidate.kind,
                label: `${candidate.label || deliveryMethodLabels[candidate.kind]} – ${feeText(candidate)}`,
                detail: (
                  <>
                    {candidate.description && (
                      <span className="block">{candidate.description}</span>
                    )}
                    {candidate.kind === 'pickup' && (
                      <span className="block">
                        {candidate.street}, {candidate.postalCode} {candidate.city}
                        {candidate.openingHours && ` · ${candidate.openingHours}`}
                      </span>
                    )}
                    {candidate.kind === 'courier' && (
                      <span className="block">{courierAreaMessage(candidate.postalCodes)}</span>
                    )}
                    {methodProblem(candidate) && (
                      <span className="block text-danger">{methodProblem(candidate)}</span>
                    )}
                  </>
                ),
                disabled: methodProblem(candidate) !== null,
              }))}
              error={errors.deliveryMethod}
              onChange={(kind) => {
                setDeliveryKind(kind)
                if (payment && paymentRefusal(payment, kind)) setPayment('')
                if (evidence && evidenceRefusal(evidence, kind)) setEvidence('')
              }}
            />
            {method?.kind === 'courier' &&
              shipTo &&
              !method.postalCodes.includes(shipTo.postalCode) && (
                <p role="alert" className="text-sm text-danger">
                  {courierAreaMessage(method.postalCodes)} Bitte wählen Sie eine andere
                  Lieferadresse oder Lieferart.
                </p>
              )}
          </Section>

          {needsPrescription && (
            <Section id="checkout-prescription" title="3. Rezept">
              <p className="text-sm text-ink-muted">
                Verschreibungspflichtig:{' '}
                {lines
                  .filter((line) => line.requiresPrescription)
                  .map((line) => line.name)
                  .join(', ')}
                . Die Apotheke prüft Ihr Rezept, bevor sie die Bestellung bestätigt.
              </p>
              <Choice
                name="prescription.payer"
                legend="Wer bezahlt das Rezept?"
                value={payer}
                options={view.payerKinds.map((kind) => ({
                  value: kind,
                  label: payerKindLabels[kind],
                }))}
                error={errors['prescription.payer']}
                onChange={setPayer}
              />
              <Choice
                name="prescription.evidence"
                legend="Wie reichen Sie das Rezept ein?"
                value={evidence}
                options={prescriptionEvidenceKinds
                  .filter((kind) => !method || evidenceRefusal(kind, method.kind) === null)
                  .map((kind) => ({ value: kind, label: evidenceChoiceLabels[kind] }))}
                error={errors['prescription.evidence']}
                onChange={setEvidence}
              />
              {evidence === 'upload' && (
                <DocumentUpload
                  id="field-prescription.scanFileId"
                  label="Rezept-Scan"
                  path="/api/files/prescription-scans"
                  tooLargeMessage="Der Rezept-Scan ist größer als 10 MB."
                  fileId={scanFileId}
                  error={errors['prescription.scanFileId'] ?? null}
                  onUploaded={setScanFileId}
                />
              )}
              {evidence === 'e_rezept' && (
                <div className="space-y-1">
                  <label
                    htmlFor="field-prescription.eRezeptToken"
                    className="block text-sm font-medium text-ink"
                  >
                    E-Rezept-Code
                  </label>
                  <textarea
                    id="field-prescription.eRezeptToken"
                    rows={3}
                    value={eRezeptToken}
                    onChange={(event) => setERezeptToken(event.target.value)}
                    aria-describedby="eRezeptToken-hint"
                    aria-invalid={errors['prescription.eRezeptToken'] ? true : undefined}
                    className="w-full rounded-lg border border-border px-3 py-2 font-mono text-sm"
                  />
                  <p id="eRezeptToken-hint" className="text-sm text-ink-muted">
                    Der Inhalt des Data-Matrix-Codes auf Ihrem Ausdruck, z. B. aus der E-Rezept-App:
                    „Task/160.…/$accept?ac=…“.
                  </p>
                  {errors['prescription.eRezeptToken'] && (
                    <p role="alert" className="text-sm text-danger">
                      {errors['prescription.eRezeptToken']}
                    </p>
                  )}
                </div>
              )}
              {payer === 'statutory' && (
                <DocumentUpload
                  id="field-prescription.exemptionFileId"
                  label="Befreiungsbescheinigung (optional)"
                  path="/api/files/copayment-exemptions"
                  tooLargeMessage="Die Befreiungsbescheinigung ist größer als 10 MB."
                  fileId={exemptionFileId}
                  error={errors['prescription.exemptionFileId'] ?? null}
                  onUploaded={setExemptionFileId}
                />
              )}
            </Section>
          )}

          <Section id="checkout-payment" title={`${needsPrescription ? 4 : 3}. Zahlung`}>
            <Choice
              name="paymentMethod"
              legend="Wie möchten Sie bezahlen?"
              value={payment}
              options={view.paymentMethods
                .filter((candidate) => !method || paymentRefusal(candidate, method.kind) === null)
                .map((candidate) => ({
                  value: candidate,
                  label: shopPaymentMethodLabels[candidate],
                  detail:
                    candidate === 'bank_transfer'
                      ? 'Die Bankverbindung erhalten Sie mit der Bestellbestätigung.'
                      : undefined,
                }))}
              error={errors.paymentMethod}
              onChange={setPayment}
            />
          </Section>

          <Section
            id="checkout-review"
            title={`${needsPrescription ? 5 : 4}. Überprüfen und bestellen`}
          >
            <ul className="divide-y divide-border text-sm">
              {lines.map((line) => (
                <li key={line.listingId} className="flex justify-between gap-4 py-2">
                  <span>
                    {formatSalesQuantity(line.quantity, line.salesUnit)} {line.name}
                    {line.requiresPrescription && (
                      <span className="block text-ink-muted">verschreibungspflichtig</span>
                    )}
                  </span>
                  <span className="whitespace-nowrap">{formatMoney(line.grossCents)}</span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-ink-muted">
              Mit Ihrer Bestellung gelten{' '}
              {view.hasTerms && (
                <>
                  unsere{' '}
                  <Link to="/agb" className="underline">
                    AGB
                  </Link>
                  {view.hasWithdrawalInformation ? ', ' : ' und '}
                </>
              )}
              {view.hasWithdrawalInformation && (
                <>
                  die{' '}
                  <Link to="/widerruf" className="underline">
                    Widerrufsbelehrung
                  </Link>{' '}
                  und{' '}
                </>
              )}
              die{' '}
              <Link to="/privacy-policy" className="underline">
                Datenschutzerklärung
              </Link>
              .
            </p>
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              zahlungspflichtig bestellen
            </Button>
          </Section>
        </div>

        <aside
          aria-labelledby="checkout-summary"
          className="h-fit rounded-xl border border-border bg-surface p-4 lg:sticky lg:top-4"
        >
          <h2 id="checkout-summary" className="text-lg font-semibold text-ink">
            Zusammenfassung
          </h2>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>Waren</dt>
            <dd className="text-right">{formatMoney(goods.grossCents)}</dd>
            <dt>Lieferung</dt>
            <dd className="text-right">{formatMoney(feeCents)}</dd>
            {totals.byRate.map((row) => (
              <Row key={row.rate} label={`enthaltene MwSt. ${row.rate} %`} cents={row.vatCents} />
            ))}
            <dt className="font-semibold">Gesamt</dt>
            <dd className="text-right font-semibold">{formatMoney(totals.grossCents)}</dd>
            {shares.insurerCents > 0 && (
              <>
                <Row label="davon Krankenkasse" cents={shares.insurerCents} />
                <Row label="davon Zuzahlung" cents={shares.copaymentCents} />
                <dt className="font-semibold">Sie zahlen</dt>
                <dd className="text-right font-semibold">{formatMoney(amountDue)}</dd>
              </>
            )}
          </dl>
        </aside>
      </form>
      <AddressDialog
        key={adding ?? 'closed'}
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        defaultName={name}
        onSaved={(address) => {
          void queryClient.invalidateQueries({ queryKey: checkoutKey })
          if (adding === 'billing') setBillingId(address.id)
          else setDeliveryAddressId(address.id)
        }}
      />
    </div>
  )
}

function Row({ label, cents }: { label: string; cents: number }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right text-ink-muted">{formatMoney(cents)}</dd>
    </>
  )
}
