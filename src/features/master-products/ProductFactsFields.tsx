import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import {
  cannabinoidUnitLabels,
  countryLabel,
  cultivationCountries,
  dominanceLabels,
  dominances,
  geneticsLabels,
  geneticsTypes,
  type ProductCategory,
  packUnitLabels,
  productCategories,
  productCategoryLabels,
} from '~/lib/products'
import { changeFieldValue } from '../forms/fields'
import type { AppFieldApi, FieldSetForm } from '../forms/form-hook'
import { FormSection } from '../forms/layout'
import {
  cannabinoidUnitOptions,
  hasCannabisFacts,
  type ProductFactsFormValues,
  packUnitOptions,
} from './master-product-form'
import { TerpeneField } from './TerpeneField'

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))
const geneticsOptions = geneticsTypes.map((value) => ({ value, label: geneticsLabels[value] }))
const dominanceOptions = dominances.map((value) => ({ value, label: dominanceLabels[value] }))
const countryOptions = cultivationCountries
  .map((value) => ({ value, label: countryLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'de'))

const contentHints: Record<string, string> = {
  percent: 'In Prozent (Gewicht), z. B. 22,5.',
  mg_per_ml: 'In mg je ml, z. B. 25.',
  mg_per_g: 'In mg je g, z. B. 250.',
}

type FactsField = keyof ProductFactsFormValues

/**
 * The facts of a product — name, PZN, category, cultivar and content, pack — as the master
 * product form and an organisation's own product form both ask for them. `form` holds
 * `ProductFactsFormValues` (and may hold more); `basicsExtra` and `descriptionExtra` add the
 * master's status and image to their sections. The products area imports it on purpose: an own
 * product is described by the master product's facts, so both forms show the same fields.
 */
export function ProductFactsFields({
  form,
  pznHint,
  basicsExtra,
  descriptionExtra,
}: {
  form: FieldSetForm
  pznHint: string
  basicsExtra?: ReactNode
  descriptionExtra?: ReactNode
}) {
  const category = useStore(form.store, (state) => state.values.category) as ProductCategory | ''
  const genetics = useStore(form.store, (state) => state.values.genetics) as string
  const cannabinoidUnit = useStore(form.store, (state) => state.values.cannabinoidUnit) as string
  const cannabis = hasCannabisFacts(category)
  const field = (name: FactsField, render: (field: AppFieldApi) => ReactNode) => (
    <form.AppField name={name}>{render}</form.AppField>
  )

  /** A category allows only some units: keep the chosen ones if they fit, else take the first. */
  function fitUnitsTo(next: ProductCategory | '') {
    const packUnits = packUnitOptions(next)
    const packUnit = form.getFieldValue('packUnit')
    if (!packUnit || !packUnits.includes(packUnit))
      form.setFieldValue('packUnit', packUnits[0] ?? '')
    const contentUnits = cannabinoidUnitOptions(next)
    const contentUnit = form.getFieldValue('cannabinoidUnit')
    if (!contentUnit || !contentUnits.includes(contentUnit)) {
      form.setFieldValue('cannabinoidUnit', contentUnits[0] ?? '')
    }
  }

  return (
    <>
      <FormSection title="Grunddaten">
        {field('name', (f) => (
          <f.InputField label="Name" />
        ))}
        {field('pzn', (f) => (
          <f.InputField label="PZN" inputMode="numeric" hint={pznHint} />
        ))}
        {field('manufacturer', (f) => (
          <f.InputField label="Hersteller" />
        ))}
        {field('brand', (f) => (
          <f.InputField label="Marke (optional)" />
        ))}
        {field('category', (f) => (
          <f.SelectField
            label="Kategorie"
            emptyLabel="Bitte wählen"
            options={categoryOptions}
            onSelect={(value) => {
              changeFieldValue(f, value)
              fitUnitsTo(value as ProductCategory | '')
            }}
          />
        ))}
        {basicsExtra}
      </FormSection>

      {cannabis && (
        <FormSection title="Sorte und Wirkstoffe">
          {field('cultivar', (f) => (
            <f.InputField
              label="Sorte"
              hint={category === 'flower' ? 'Pflicht bei Blüten: das Rezept nennt sie.' : undefined}
            />
          ))}
          {field('countryOfCultivation', (f) => (
            <f.SelectField label="Anbauland" emptyLabel="keine Angabe" options={countryOptions} />
          ))}
          {field('genetics', (f) => (
            <f.SelectField label="Genetik" emptyLabel="keine Angabe" options={geneticsOptions} />
          ))}
          {genetics === 'hybrid' &&
            field('dominance', (f) => (
              <f.SelectField
                label="Dominanz"
                emptyLabel="keine Angabe"
                options={dominanceOptions}
              />
            ))}
          {field('thcContent', (f) => (
            <f.InputField
              label="THC-Gehalt"
              inputMode="decimal"
              hint={cannabinoidUnit ? contentHints[cannabinoidUnit] : undefined}
            />
          ))}
          {field('cbdContent', (f) => (
            <f.InputField
              label="CBD-Gehalt"
              inputMode="decimal"
              hint={cannabinoidUnit ? contentHints[cannabinoidUnit] : undefined}
            />
          ))}
          {field('cannabinoidUnit', (f) => (
            <f.SelectField
              label="Einheit des Gehalts"
              emptyLabel={category ? undefined : 'erst die Kategorie wählen'}
              options={cannabinoidUnitOptions(category).map((value) => ({
                value,
                label: cannabinoidUnitLabels[value],
              }))}
            />
          ))}
          {field('irradiated', (f) => (
            <f.CheckboxField label="Bestrahlt" hint="Mit ionisierender Strahlung entkeimt." />
          ))}
          <div className="sm:col-span-2">
            {field('terpenes', (f) => (
              <TerpeneField field={f} />
            ))}
          </div>
        </FormSection>
      )}

      <FormSection title="Packung">
        {field('packSize', (f) => (
          <f.InputField
            label="Packungsgröße"
            inputMode="decimal"
            hint="Der Inhalt einer Packung (einer PZN), z. B. 10 oder 2,5."
          />
        ))}
        {field('packUnit', (f) => (
          <f.SelectField
            label="Einheit der Packung"
            emptyLabel={category ? undefined : 'erst die Kategorie wählen'}
            options={packUnitOptions(category).map((value) => ({
              value,
              label: packUnitLabels[value],
            }))}
          />
        ))}
      </FormSection>

      <FormSection title={descriptionExtra ? 'Beschreibung und Packungsfoto' : 'Beschreibung'}>
        <div className="sm:col-span-2">
          {field('description', (f) => (
            <f.InputField label="Beschreibung (optional)" multiline />
          ))}
        </div>
        {descriptionExtra && <div className="sm:col-span-2">{descriptionExtra}</div>}
      </FormSection>
    </>
  )
}
