import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
import { grossCents } from '~/lib/organisation-products'
import {
  parseEuroToCents,
  type SalesUnit,
  salesUnitLabels,
  salesUnitShortLabel,
  salesUnits,
  type VatRate,
  vatRateLabels,
  vatRates,
} from '~/lib/products'
import type { AppFieldApi, FieldSetForm } from '../forms/form-hook'
import { FormSection } from '../forms/layout'
import type { OfferFormValues } from './offer-form'

const vatOptions = vatRates.map((value) => ({ value, label: vatRateLabels[value] }))

/** The gross price under the net one, once it is a price. */
function grossHint(price: string, vatRate: VatRate): string {
  const cents = parseEuroToCents(price)
  if (cents === null || Number.isNaN(cents) || cents < 0) return 'Netto, z. B. 9,50.'
  return `Netto; mit ${vatRateLabels[vatRate]} MwSt. ${formatMoney(grossCents(cents, vatRate))} brutto.`
}

/**
 * How the organisation sells a product: sales unit, price, VAT, shop visibility, order rules and
 * low-stock threshold. `salesUnits` are the units the product allows (by the gram only for
 * flowers in g); once listed the unit is fixed (`salesUnitFixed`). Clubs have no shop.
 */
export function OfferFields({
  form,
  allowedSalesUnits,
  salesUnitFixed = false,
  shopAllowed,
}: {
  form: FieldSetForm
  allowedSalesUnits: readonly SalesUnit[]
  salesUnitFixed?: boolean
  shopAllowed: boolean
}) {
  const salesUnit = useStore(form.store, (state) => state.values.salesUnit) as SalesUnit | ''
  const price = useStore(form.store, (state) => state.values.price) as string
  const vatRate = useStore(form.store, (state) => state.values.vatRate) as VatRate
  const unit = salesUnit ? salesUnitShortLabel(salesUnit) : 'Verkaufseinheit'
  const field = (name: keyof OfferFormValues, render: (field: AppFieldApi) => ReactNode) => (
    <form.AppField name={name}>{render}</form.AppField>
  )
  const unitOptions = salesUnits
    .filter((value) => allowedSalesUnits.includes(value))
    .map((value) => ({ value, label: salesUnitLabels[value] }))

  return (
    <FormSection title="Ihr Angebot">
      {salesUnitFixed ? (
        <div>
          <p className="text-sm font-medium text-ink">Verkaufseinheit</p>
          <p className="mt-1 py-2 text-ink">
            {salesUnit ? salesUnitLabels[salesUnit] : '–'}
            <span className="block text-sm text-ink-muted">
              Steht seit dem Anlegen fest: Bestand und Bestellungen zählen in ihr.
            </span>
          </p>
        </div>
      ) : (
        field('salesUnit', (f) => (
          <f.SelectField
            label="Verkaufseinheit"
            emptyLabel={unitOptions.length > 1 ? 'Bitte wählen' : undefined}
            options={unitOptions}
            hint="Lose nach Gramm gibt es nur bei Blüten; sonst je Packung."
          />
        ))
      )}
      {field('price', (f) => (
        <f.InputField
          label={`Preis je ${unit} in €`}
          inputMode="decimal"
          hint={grossHint(price, vatRate)}
        />
      ))}
      {field('vatRate', (f) => (
        <f.SelectField label="Mehrwertsteuer" options={vatOptions} />
      ))}
      {shopAllowed ? (
        field('visibleInShop', (f) => (
          <f.CheckboxField
            label="Im Shop sichtbar"
            hint="Kundinnen und Kunden sehen und bestellen es im Online-Shop."
          />
        ))
      ) : (
        <p className="text-sm text-ink-muted">
          Vereine zeigen keine Produkte in einem Shop (KCanG § 6); die Abgabe erfolgt nur an
          Mitglieder.
        </p>
      )}
      {field('orderStep', (f) => (
        <f.InputField
          label={`Bestellschritt (${unit})`}
          inputMode="numeric"
          hint="Bestellt wird in Vielfachen davon, z. B. 1 oder 5."
        />
      ))}
      {field('lowStockThreshold', (f) => (
        <f.InputField
          label={`Meldebestand (${unit}, optional)`}
          inputMode="numeric"
          hint="Darunter weist der Bestand auf Nachschub hin."
        />
      ))}
      {field('targetStock', (f) => (
        <f.InputField
          label={`Zielbestand (${unit}, optional)`}
          inputMode="numeric"
          hint="„Nachbestellen“ schlägt die Menge bis zu diesem Bestand vor; ohne Angabe das Doppelte des Meldebestands."
        />
      ))}
      {field('minOrderQuantity', (f) => (
        <f.InputField
          label={`Mindestmenge je Bestellung (${unit}, optional)`}
          inputMode="numeric"
        />
      ))}
      {field('maxOrderQuantity', (f) => (
        <f.InputField label={`Höchstmenge je Bestellung (${unit}, optional)`} inputMode="numeric" />
      ))}
    </FormSection>
  )
}
