import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { failureOf } from '~/lib/failure'
import type { MasterProductPick } from '~/lib/organisation-products'
import { customProductSchema, salesUnitProblem } from '~/lib/product-schemas'
import {
  canSellByGram,
  type PackUnit,
  type ProductCategory,
  type SalesUnit,
  salesUnits,
} from '~/lib/products'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import {
  emptyProductFactsForm,
  type ProductFactsFormValues,
  productFactsInputOf,
} from '../master-products/master-product-form'
import { ProductFactsFields } from '../master-products/ProductFactsFields'
import { useSession } from '../session/use-session'
import { Button, ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { Tabs } from '../ui/Tabs'
import { toast } from '../ui/toast'
import { MasterProductPicker } from './MasterProductPicker'
import { OfferFields } from './OfferFields'
import {
  emptyOfferForm,
  type OfferFormValues,
  offerFieldOf,
  offerFormErrors,
  offerInputOf,
} from './offer-form'
import { ProductFactsSummary } from './ProductFactsSummary'
import { createOrganisationProductFn } from './product-save.functions'
import { productsKey } from './products.queries'

type Source = 'master' | 'custom'

const choosePickMessage = 'Bitte wähle ein Produkt aus der Produktdatenbank.'
type CreateFormValues = ProductFactsFormValues & OfferFormValues

/** The sales units a product allows: by the gram only flowers weighed in g. ADR 014. */
function salesUnitsFor(category: ProductCategory | '', packUnit: PackUnit | ''): SalesUnit[] {
  if (!category || !packUnit) return [...salesUnits]
  return salesUnits.filter((unit) => unit === 'pack' || canSellByGram(category, packUnit))
}

const tabClass =
  'rounded-md px-4 py-2 text-sm font-medium text-ink-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm'

/**
 * `/products/create`: take a product over from the master database (typeahead, then the offer)
 * or create an own product (facts, then the offer). Clubs only create their own.
 */
export function ProductCreatePage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const club = !!user && 'organisation' in user && user.organisation.category === 'club'
  const [source, setSource] = useState<Source>(club ? 'custom' : 'master')
  const [pick, setPick] = useState<MasterProductPick | null>(null)
  const [pickError, setPickError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const saved = useRef(false)

  const form = useAppForm({
    defaultValues: { ...emptyProductFactsForm, ...emptyOfferForm } as CreateFormValues,
    validators: {
      onSubmit: ({ value }) => {
        // Without a product there is no offer form to check yet.
        if (source === 'master' && !pick) {
          setPickError(choosePickMessage)
          return { form: choosePickMessage }
        }
        const errors =
          source === 'custom'
            ? { ...formErrorsOf(customProductSchema, productFactsInputOf(value)) }
            : {}
        Object.assign(errors, offerFormErrors(value))
        const facts = source === 'custom' ? value : pick
        const problem =
          value.salesUnit && facts?.category && facts.packUnit
            ? salesUnitProblem(value.salesUnit, {
                category: facts.category as ProductCategory,
                packUnit: facts.packUnit as PackUnit,
              })
            : null
        if (problem) errors.salesUnit ??= problem
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const offer = offerInputOf(value)
      try {
        const created = await createOrganisationProductFn({
          data: {
            product:
              source === 'master'
                ? { source, masterProductId: pick?.id ?? '', offer }
                : { source, product: productFactsInputOf(value), offer },
          },
        })
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: productsKey })
        toast.success('Das Produkt wurde angelegt.')
        await navigate({ to: '/products/$id', params: { id: created.id } })
      } catch (error) {
        const pickProblem = failureOf(error).errors?.masterProductId
        if (pickProblem) setPickError(pickProblem)
        setFailure(pickProblem ? null : applyServerErrors(formApi, error, offerFieldOf))
        focusFirstError()
      }
    },
  })

  const category = useStore(form.store, (state) => state.values.category)
  const packUnit = useStore(form.store, (state) => state.values.packUnit)
  const allowedSalesUnits =
    source === 'master'
      ? pick
        ? salesUnitsFor(pick.category, pick.packUnit)
        : []
      : salesUnitsFor(category, packUnit)

  function choose(next: MasterProductPick) {
    setPick(next)
    setPickError(null)
    const units = salesUnitsFor(next.category, next.packUnit)
    form.setFieldValue('salesUnit', units.length === 1 ? (units[0] as SalesUnit) : '')
  }

  const offerFields = (
    <OfferFields form={form} allowedSalesUnits={allowedSalesUnits} shopAllowed={!club} />
  )
  const actions = (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <ButtonLink to="/products" variant="secondary">
        Abbrechen
      </ButtonLink>
      <form.SubmitButton>
        {source === 'master' ? 'Produkt übernehmen' : 'Produkt anlegen'}
      </form.SubmitButton>
    </div>
  )

  const masterPart = (
    <div className="space-y-6">
      <FormSection title="Produkt wählen">
        <div className="sm:col-span-2">
          {pick ? (
            <div className="space-y-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="text-sm text-ink-muted">Gewählt</p>
                  <p className="text-lg font-semibold text-ink">{pick.name}</p>
                </div>
                <Button variant="secondary" onClick={() => setPick(null)}>
                  Anderes Produkt wählen
                </Button>
              </div>
              <ProductFactsSummary facts={pick} />
            </div>
          ) : (
            <MasterProductPicker onPick={choose} error={pickError} />
          )}
        </div>
      </FormSection>
      {pick && offerFields}
    </div>
  )

  const customPart = (
    <div className="space-y-6">
      <ProductFactsFields form={form} pznHint="Optional: eigene Produkte brauchen keine PZN." />
      {offerFields}
    </div>
  )

  return (
    <>
      <PageHeader
        title="Produkt anlegen"
        description={
          club
            ? 'Lege eine Sorte an, die dein Verein selbst anbaut, mit Preis und Abgaberegeln.'
            : 'Übernimm ein Produkt aus der Produktdatenbank oder lege ein eigenes an – mit deinem Preis und deinen Bestellregeln.'
        }
        back={<BackLink to="/products">Produkte</BackLink>}
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          {club ? (
            customPart
          ) : (
            <Tabs.Root
              value={source}
              onValueChange={(value) => {
                setSource(value as Source)
                setFailure(null)
              }}
            >
              <Tabs.List
                aria-label="Herkunft des Produkts"
                className="mb-6 inline-flex gap-1 rounded-lg bg-surface-muted p-1"
              >
                <Tabs.Trigger value="master" className={tabClass}>
                  Aus der Produktdatenbank
                </Tabs.Trigger>
                <Tabs.Trigger value="custom" className={tabClass}>
                  Eigenes Produkt
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="master">{masterPart}</Tabs.Content>
              <Tabs.Content value="custom">{customPart}</Tabs.Content>
            </Tabs.Root>
          )}
          {actions}
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog
        unsaved={() => !saved.current && (pick !== null || !form.state.isDefaultValue)}
      />
    </>
  )
}
