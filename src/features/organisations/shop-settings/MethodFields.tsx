import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { CheckboxField, InputField } from '../../product-db/form-controls'
import type { ShopForm } from './useShopSettingsForm'

export function MethodFields({
  form,
  kind,
  title,
  children,
}: {
  form: ShopForm
  kind: 'pickup' | 'courier' | 'shipping'
  title: string
  children: ReactNode
}) {
  const enabled = useStore(form.store, (state) => state.values[kind].enabled)
  return (
    <div className="rounded-lg border border-border p-4 sm:col-span-2">
      <form.Field name={`${kind}.enabled`}>
        {(field) => <CheckboxField field={field} label={`${title} anbieten`} />}
      </form.Field>
      {enabled && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <form.Field name={`${kind}.label`}>
            {(field) => <InputField field={field} label="Bezeichnung im Checkout" />}
          </form.Field>
          <form.Field name={`${kind}.description`}>
            {(field) => <InputField field={field} label="Beschreibung (optional)" />}
          </form.Field>
          {children}
          <div className="sm:col-span-2">
            <form.Field name={`${kind}.flowersAllowed`}>
              {(field) => (
                <CheckboxField
                  field={field}
                  label="Blüten auf diesem Weg abgeben"
                  hint="Pro Lieferart einstellbar, falls der Versand von Blüten verboten wird."
                />
              )}
            </form.Field>
          </div>
        </div>
      )}
    </div>
  )
}
