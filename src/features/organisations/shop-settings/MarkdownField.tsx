import type { AnyFieldApi } from '@tanstack/react-form'
import { legalTemplateNotice } from '~/lib/shop-settings'
import { inputClass } from '../../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../../forms/fields'
import { LegalMarkdown } from '../../legal/LegalMarkdown'
import { Tabs } from '../../ui/Tabs'

/**
 * A legal text in Markdown, with a preview drawn exactly as the shop draws it. With a `template`
 * (ADR 067): marked "Vorlage – bitte prüfen" while the text equals it; an empty text can start
 * from it.
 */
export function MarkdownField({
  field,
  label,
  template,
}: {
  field: AnyFieldApi
  label: string
  template?: string | null
}) {
  const id = `field-${field.name}`
  const error = fieldErrorOf(field)
  const value = field.state.value as string
  const isTemplate = Boolean(template) && value.trim() === template?.trim()
  return (
    <div>
      {isTemplate && (
        <p
          role="note"
          className="mb-2 rounded-lg border border-warning bg-warning-soft px-3 py-2 text-sm text-ink"
        >
          <strong>{legalTemplateNotice}:</strong> Dieser Text ist die Vorlage von Blattwerk. Der
          Shop zeigt ihn so, bis du deinen eigenen Text speicherst; prüfe und ergänze ihn (rechtlich
          beraten lassen), bevor du dich darauf verlässt.
        </p>
      )}
      {template && value.trim() === '' && (
        <button
          type="button"
          className="mb-2 text-sm font-medium text-brand-900 underline"
          onClick={() => changeFieldValue(field, template)}
        >
          Vorlage für {label} einsetzen
        </button>
      )}
      <Tabs.Root defaultValue="edit">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            {label}
          </label>
          <Tabs.List
            aria-label={`${label}: Ansicht`}
            className="flex gap-1 rounded-lg bg-surface-muted p-1"
          >
            <Tabs.Trigger value="edit" className={tabClass}>
              Bearbeiten
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Vorschau
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <Tabs.Content value="edit" forceMount>
          <textarea
            id={id}
            name={field.name}
            value={value}
            rows={8}
            onBlur={field.handleBlur}
            onChange={(event) => changeFieldValue(field, event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} font-mono text-sm`}
          />
        </Tabs.Content>
        <Tabs.Content
          value="preview"
          className="mt-1 max-h-96 overflow-y-auto rounded-lg border border-border bg-white p-4"
        >
          {value.trim() ? (
            <LegalMarkdown source={value} />
          ) : (
            <p className="text-sm text-ink-muted">Noch kein Text.</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

const tabClass =
  'rounded-md px-2 py-1 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm'
