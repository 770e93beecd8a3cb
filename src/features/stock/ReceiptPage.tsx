import type { AnyFieldApi } from '@tanstack/react-form'
import { keepPreviousData, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { failureOf } from '~/lib/failure'
import { berlinIsoDate } from '~/lib/format'
import { cannabinoidUnitLabels, productCategoryLabels, productOptionLabel } from '~/lib/products'
import type { ReceiptFormContext, ReceivableProduct } from '~/lib/stock-lists'
import {
  type GoodsReceiptInput,
  goodsReceiptSchema,
  type HarvestInput,
  harvestSchema,
} from '~/lib/stock-schemas'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert, inputClass } from '../forms/field-parts'
import { changeFieldValue, fieldErrorOf, SelectField } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { productsKey } from '../products/products.queries'
import { ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { CertificateUpload } from './Certificate'
import { receiptFormContextQuery, stockKey } from './stock.queries'
import {
  fetchReceivableProducts,
  receiveGoodsFn,
  recordHarvestFn,
  setReceiptsReleasedFn,
} from './stock-actions.functions'
import { baseUnitsOf, contentOf, quantityUnitLabel } from './stock-form'

/** How long typing pauses before the product search asks the server. */
const typingPause = 200

interface ReceiptFormValues {
  organisationProductId: string
  supplierId: string
  batchNumber: string
  harvestDate: string
  quantity: string
  expiryDate: string
  thcContent: string
  cbdContent: string
  coaFileId: string | null
}

const emptyReceipt: ReceiptFormValues = {
  organisationProductId: '',
  supplierId: '',
  batchNumber: '',
  harvestDate: '',
  quantity: '',
  expiryDate: '',
  thcContent: '',
  cbdContent: '',
  coaFileId: null,
}

/**
 * The product of the receipt: a search over the organisation's products and a choice among the
 * matches. The chosen one stays offered while another search runs.
 */
function ProductPicker({
  field,
  label,
  chosen,
  onChoose,
}: {
  field: AnyFieldApi
  label: string
  chosen: ReceivableProduct | null
  onChoose: (product: ReceivableProduct | null) => void
}) {
  const searchId = useId()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), typingPause)
    return () => clearTimeout(timer)
  }, [text])
  const { data: matches = [] } = useQuery({
    queryKey: [...stockKey, 'receivable', query],
    queryFn: () => fetchReceivableProducts({ data: { q: query } }),
    staleTime: 30_000,
    // The previous matches stay while the next ones load, so the choice does not flicker.
    placeholderData: keepPreviousData,
  })
  const options =
    chosen && !matches.some((match) => match.id === chosen.id) ? [chosen, ...matches] : matches
  return (
    <div className="space-y-3 sm:col-span-2">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-ink">
          {label} suchen
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          autoComplete="off"
          placeholder="Name, PZN oder Sorte"
          onChange={(event) => setText(event.target.value)}
          className={inputClass}
        />
      </div>
      <SelectField
        field={field}
        label={label}
        emptyLabel={options.length ? 'Bitte wählen …' : 'Keine Treffer'}
        options={options.map((product) => ({
          value: product.id,
          label: `${productOptionLabel(product)} · ${productCategoryLabels[product.category]}`,
        }))}
        onSelect={(value) => {
          changeFieldValue(field, value)
          onChoose(options.find((product) => product.id === value) ?? null)
        }}
      />
    </div>
  )
}

/** The owner of a wholesaler or producer decides whether receipts skip the quarantine. */
function ReceiptsReleasedSetting({ context }: { context: ReceiptFormContext }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const id = useId()
  if (!context.mayChangeReceiptsReleased) {
    return (
      <p className="text-sm text-ink-muted">
        {context.receivesReleased
          ? 'Wareneingänge mit Analysezertifikat werden direkt freigegeben.'
          : 'Neue Chargen kommen in Quarantäne und werden nach der Prüfung einzeln freigegeben.'}
      </p>
    )
  }
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={context.receivesReleased}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={async (event) => {
          const receiptsReleased = event.target.checked
          setBusy(true)
          try {
            await setReceiptsReleasedFn({ data: { receiptsReleased } })
            await queryClient.invalidateQueries({ queryKey: receiptFormContextQuery().queryKey })
            toast.success(
              receiptsReleased
                ? 'Wareneingänge mit Analysezertifikat werden ab jetzt direkt freigegeben.'
                : 'Neue Chargen kommen ab jetzt in Quarantäne.',
            )
          } catch (error) {
            toast.error(failureOf(error).message)
          } finally {
            setBusy(false)
          }
        }}
        className="mt-1 size-4 rounded border-border text-brand-600 focus:ring-2 focus:ring-brand-200"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Wareneingänge direkt freigeben
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          Gilt für neue Chargen mit Analysezertifikat. Ohne Zertifikat bleibt eine Charge in
          Quarantäne.
        </p>
      </div>
    </div>
  )
}

/**
 * `/inventory/receipt`: "Wareneingang" — goods without a purchase order booked into a batch —
 * and for a club "Ernte erfassen": a harvest of one of its own varieties (KCanG).
 */
export function ReceiptPage() {
  const { data: context } = useSuspenseQuery(receiptFormContextQuery())
  const harvest = context.harvest
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [product, setProduct] = useState<ReceivableProduct | null>(null)
  const saved = useRef(false)
  const packUnit = product?.packUnit ?? 'g'
  const unitLabel = quantityUnitLabel(packUnit)
  const contentUnit = cannabinoidUnitLabels[product?.cannabinoidUnit ?? 'percent']

  const commonInputOf = (value: ReceiptFormValues) => ({
    organisationProductId: value.organisationProductId,
    quantity: baseUnitsOf(value.quantity, packUnit) as number,
    thcContent: contentOf(value.thcContent),
    cbdContent: contentOf(value.cbdContent),
    coaFileId: value.coaFileId,
  })
  const harvestInputOf = (value: ReceiptFormValues): HarvestInput => ({
    ...commonInputOf(value),
    harvestDate: value.harvestDate,
    expiryDate: value.expiryDate,
  })
  const receiptInputOf = (value: ReceiptFormValues): GoodsReceiptInput => ({
    ...commonInputOf(value),
    supplierId: value.supplierId || null,
    batchNumber: value.batchNumber,
    expiryDate: value.expiryDate,
  })

  const form = useAppForm({
    defaultValues: harvest ? { ...emptyReceipt, harvestDate: berlinIsoDate() } : emptyReceipt,
    validators: {
      onSubmit: ({ value }) => {
        const errors = harvest
          ? formErrorsOf(harvestSchema, harvestInputOf(value))
          : formErrorsOf(goodsReceiptSchema, receiptInputOf(value))
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const received = harvest
          ? await recordHarvestFn({ data: harvestInputOf(value) })
          : await receiveGoodsFn({ data: receiptInputOf(value) })
        saved.current = true
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: stockKey }),
          queryClient.invalidateQueries({ queryKey: productsKey }),
        ])
        const state =
          received.status === 'released'
            ? 'freigegeben'
            : 'in Quarantäne – bitte nach der Prüfung freigeben'
        toast.success(
          harvest
            ? `Ernte ${received.batchNumber} ist erfasst (${state}).`
            : received.created
              ? `Charge ${received.batchNumber} ist eingebucht (${state}).`
              : `Die Lieferung ist zur vorhandenen Charge ${received.batchNumber} gebucht (${state}).`,
        )
        await navigate({ to: '/inventory/batches/$id', params: { id: received.batchId } })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })

  const title = harvest ? 'Ernte erfassen' : 'Wareneingang'
  return (
    <>
      <PageHeader
        title={title}
        description={
          harvest
            ? 'Die getrocknete Ernte einer deiner Sorten wird als eigene Charge erfasst; die Nummer vergibt Blattwerk.'
            : 'Ware ohne Einkaufsbestellung chargengenau einbuchen.'
        }
        back={<BackLink to="/inventory">Bestand</BackLink>}
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title={harvest ? 'Sorte und Ernte' : 'Produkt und Charge'}>
            <form.Field name="organisationProductId">
              {(field) => (
                <ProductPicker
                  field={field}
                  label={harvest ? 'Sorte' : 'Produkt'}
                  chosen={product}
                  onChoose={setProduct}
                />
              )}
            </form.Field>
            {harvest ? (
              <form.AppField name="harvestDate">
                {(field) => <field.DateField label="Erntedatum" />}
              </form.AppField>
            ) : (
              <>
                <form.AppField name="supplierId">
                  {(field) => (
                    <field.SelectField
                      label="Lieferant (optional)"
                      emptyLabel="ohne Lieferant"
                      options={context.suppliers.map((supplier) => ({
                        value: supplier.id,
                        label: supplier.name,
                      }))}
                    />
                  )}
                </form.AppField>
                <form.AppField name="batchNumber">
                  {(field) => (
                    <field.InputField
                      label="Chargennummer"
                      hint="Wie auf Lieferschein und Zertifikat des Herstellers."
                    />
                  )}
                </form.AppField>
              </>
            )}
            <form.AppField name="quantity">
              {(field) => (
                <field.InputField
                  label={harvest ? `Trockengewicht in ${unitLabel}` : `Menge in ${unitLabel}`}
                  inputMode="decimal"
                />
              )}
            </form.AppField>
            <form.AppField name="expiryDate">
              {(field) => (
                <field.DateField label={harvest ? 'Mindesthaltbar bis' : 'Verfallsdatum'} />
              )}
            </form.AppField>
          </FormSection>
          <FormSection title="Gemessene Wirkstoffe">
            <form.AppField name="thcContent">
              {(field) => <field.InputField label={`THC in ${contentUnit}`} inputMode="decimal" />}
            </form.AppField>
            <form.AppField name="cbdContent">
              {(field) => <field.InputField label={`CBD in ${contentUnit}`} inputMode="decimal" />}
            </form.AppField>
            <div className="sm:col-span-2">
              <form.Field name="coaFileId">
                {(field) => (
                  <CertificateUpload
                    id={`field-${field.name}`}
                    label={harvest ? 'Laborbericht (optional)' : 'Analysezertifikat'}
                    error={fieldErrorOf(field)}
                    fileId={field.state.value}
                    viewName={`${harvest ? 'Laborbericht' : 'CoA'}-${form.getFieldValue('batchNumber') || 'neue Charge'}.pdf`}
                    onUploaded={(fileId) => changeFieldValue(field, fileId)}
                  />
                )}
              </form.Field>
            </div>
          </FormSection>
          {!harvest && <ReceiptsReleasedSetting context={context} />}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/inventory" variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>{harvest ? 'Ernte erfassen' : 'Einbuchen'}</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !saved.current && !form.state.isDefaultValue} />
    </>
  )
}
