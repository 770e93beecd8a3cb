import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { customProductSchema } from '~/lib/product-schemas'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import {
  emptyProductFactsForm,
  factsFormValuesOf,
  type ProductFactsFormValues,
  productFactsInputOf,
} from '../master-products/master-product-form'
import { ProductFactsFields } from '../master-products/ProductFactsFields'
import { ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { OfferFields } from './OfferFields'
import {
  type OfferFormValues,
  offerFieldOf,
  offerFormErrors,
  offerFormValuesOf,
  offerInputOf,
} from './offer-form'
import { updateOrganisationProductFn } from './product-save.functions'
import { organisationProductQuery, productsKey } from './products.queries'

const route = getRouteApi('/_app/products/$id/edit')

/**
 * `/products/$id/edit`: the organisation's own data of a product — its offer, and for an own
 * product its facts. Saved against the revision it was loaded at (ADR 019).
 */
export function ProductEditPage() {
  const { id } = route.useParams()
  const { data: detail } = useSuspenseQuery(organisationProductQuery(id))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const saved = useRef(false)
  // The revision the form was loaded at; a later refetch must not move it (optimistic locking).
  const [loaded] = useState(() => ({
    revision: detail.revision,
    values: {
      ...(detail.custom ? factsFormValuesOf(detail.product) : emptyProductFactsForm),
      ...offerFormValuesOf(detail.offer),
    } as ProductFactsFormValues & OfferFormValues,
  }))

  const form = useAppForm({
    defaultValues: loaded.values,
    validators: {
      onSubmit: ({ value }) => {
        const errors = {
          ...(detail.custom ? formErrorsOf(customProductSchema, productFactsInputOf(value)) : {}),
          ...offerFormErrors(value),
        }
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const result = await updateOrganisationProductFn({
          data: {
            id,
            changes: {
              revision: loaded.revision,
              offer: offerInputOf(value),
              ...(detail.custom && { product: productFactsInputOf(value) }),
            },
          },
        })
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: productsKey })
        toast.success(
          result.changed
            ? 'Die Änderungen wurden gespeichert.'
            : 'Keine Änderungen – es gab nichts zu speichern.',
        )
        await navigate({ to: '/products/$id', params: { id } })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, offerFieldOf))
        focusFirstError()
      }
    },
  })

  return (
    <>
      <PageHeader
        title={`${detail.product.name} bearbeiten`}
        description={
          detail.custom
            ? 'Angaben und Angebot deines eigenen Produkts.'
            : 'Ihr Angebot dieses Produkts; die Stammdaten pflegt die Produktdatenbank.'
        }
        back={
          <BackLink to="/products/$id" params={{ id }}>
            {detail.product.name}
          </BackLink>
        }
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          {detail.custom && (
            <ProductFactsFields
              form={form}
              pznHint="Optional: eigene Produkte brauchen keine PZN."
            />
          )}
          <OfferFields
            form={form}
            allowedSalesUnits={[detail.offer.salesUnit]}
            salesUnitFixed
            shopAllowed={detail.owner.shopAllowed}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/products/$id" params={{ id }} variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>Änderungen speichern</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !saved.current && !form.state.isDefaultValue} />
    </>
  )
}
