import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
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
      <form.AppField name={`${kind}.enabled`}>
        {(field) => <field.CheckboxField label={`${title} anbieten`} />}
      </form.AppField>
      {enabled && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <form.AppField name={`${kind}.label`}>
            {(field) => <field.InputField label="Bezeichnung im Checkout" />}
          </form.AppField>
          <form.AppField name={`${kind}.description`}>
            {(field) => <field.InputField label="Beschreibung (optional)" />}
          </form.AppField>
          {children}
          <div className="sm:col-span-2">
            <form.AppField name={`${kind}.flowersAllowed`}>
              {(field) => (
                <field.CheckboxField
                  label="Blüten auf diesem Weg abgeben"
                  hint="Pro Lieferart einstellbar, falls der Versand von Blüten verboten wird."
                />
              )}
            </form.AppField>
          </div>
        </div>
      )}
    </div>
  )
}
