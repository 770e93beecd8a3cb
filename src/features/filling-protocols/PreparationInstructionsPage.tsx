import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type PreparationInstructionInput,
  type PreparationInstructionProduct,
  preparationInstructionSchema,
} from '~/lib/filling-protocols'
import { formatDateTime } from '~/lib/format'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { addPreparationInstructionFn } from './filling-protocol-actions.functions'
import { fillingProtocolsKey, preparationInstructionsQuery } from './filling-protocols.queries'

const emptyInstruction: PreparationInstructionInput = { organisationProductId: '', text: '' }

/** One product's instruction: the current version in full, the earlier ones folded away. */
function InstructionVersions({ product }: { product: PreparationInstructionProduct }) {
  const [current, ...earlier] = product.versions
  return (
    <section className="rounded-card border border-border bg-surface p-6">
      <h2 className="text-lg font-semibold text-ink">{product.productName}</h2>
      {current ? (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            Version {current.version}, {current.createdByName ?? '–'},{' '}
            {formatDateTime(current.createdAt)}
          </p>
          <p className="mt-3 whitespace-pre-line text-sm text-ink">{current.text}</p>
          {earlier.length > 0 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-ink-muted">
                Frühere Versionen ({earlier.length})
              </summary>
              {earlier.map((version) => (
                <div key={version.id} className="mt-3 border-t border-border pt-3">
                  <p className="text-ink-muted">
                    Version {version.version}, {version.createdByName ?? '–'},{' '}
                    {formatDateTime(version.createdAt)}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{version.text}</p>
                </div>
              ))}
            </details>
          )}
        </>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">
          Noch keine Herstellungsanweisung: Ohne sie kann nicht abgefüllt werden.
        </p>
      )}
    </section>
  )
}

/**
 * `/organisations/filling-protocol/anweisungen`: the written preparation instructions a pharmacy
 * fills by (Defektur, § 8 ApBetrO), per loose flower product. Saving writes a new version; the
 * protocols keep the version they were filled by.
 */
export function PreparationInstructionsPage() {
  const queryClient = useQueryClient()
  const { data: products } = useSuspenseQuery(preparationInstructionsQuery())
  const [failure, setFailure] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: emptyInstruction,
    validators: {
      onSubmit: ({ value }) => {
        const errors = formErrorsOf(preparationInstructionSchema, value)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const saved = await addPreparationInstructionFn({ data: value })
        await queryClient.invalidateQueries({ queryKey: fillingProtocolsKey })
        formApi.reset(emptyInstruction)
        toast.success(`Version ${saved.version} der Herstellungsanweisung ist gespeichert.`)
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })
  return (
    <>
      <PageHeader
        title="Herstellungsanweisungen"
        description="Die schriftliche Anweisung, nach der eine Apotheke Blüten vorab in Packungen abfüllt (Defektur, § 8 ApBetrO). Jede Änderung ist eine neue Version; ein Abfüllprotokoll behält die Version, nach der abgefüllt wurde."
        back={<BackLink to="/organisations/filling-protocol">Abfüllprotokolle</BackLink>}
      />
      <div className="space-y-6">
        <form.AppForm>
          <form.FormFrame className="space-y-4 rounded-card border border-border bg-surface p-6">
            {failure && <FormAlert>{failure}</FormAlert>}
            <FormSection title="Neue Version schreiben">
              <form.AppField name="organisationProductId">
                {(field) => (
                  <field.SelectField
                    label="Produkt (lose Blüten)"
                    emptyLabel={products.length ? 'Bitte wählen …' : 'Keine losen Blüten'}
                    options={products.map((product) => ({
                      value: product.organisationProductId,
                      label: product.productName,
                    }))}
                    onSelect={(value) => {
                      changeFieldValue(field, value)
                      // A new version starts from the current one.
                      const current = products.find(
                        (product) => product.organisationProductId === value,
                      )?.versions[0]
                      form.setFieldValue('text', current?.text ?? '')
                    }}
                  />
                )}
              </form.AppField>
              <div className="sm:col-span-2">
                <form.AppField name="text">
                  {(field) => (
                    <field.TextField
                      label="Herstellungsanweisung"
                      multiline
                      rows={8}
                      hint="Arbeitsschritte, Waage und Sollgewicht, Behältnis, Kennzeichnung und die Prüfungen."
                    />
                  )}
                </form.AppField>
              </div>
            </FormSection>
            <div className="flex justify-end">
              <form.SubmitButton>Neue Version speichern</form.SubmitButton>
            </div>
          </form.FormFrame>
        </form.AppForm>
        {products.map((product) => (
          <InstructionVersions key={product.organisationProductId} product={product} />
        ))}
      </div>
    </>
  )
}
