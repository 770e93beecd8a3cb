import { useQueryClient } from '@tanstack/react-query'
import type { ShopSettings } from '~/lib/shop-settings'
import { applyServerErrors } from '../../forms/field-errors'
import { useAppForm } from '../../forms/form-hook'
import { focusFirstError } from '../../forms/layout'
import { toast } from '../../ui/toast'
import { updateShopSettingsFn } from '../shop-settings.functions'
import { shopSettingsQuery } from '../shop-settings.queries'
import { draftErrors, draftOf, formValuesOf } from './shop-settings-form'

/** The settings form: saved as one config; server objections land on the fields they name. */
export function useShopSettingsForm(
  settings: ShopSettings,
  setFailure: (message: string | null) => void,
) {
  const queryClient = useQueryClient()
  return useAppForm({
    defaultValues: formValuesOf(settings),
    validators: { onSubmit: ({ value }) => draftErrors(value, settings.kind) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const draft = draftOf(value)
      try {
        const saved = await updateShopSettingsFn({
          data: {
            organisationId: settings.organisationId,
            config: draft.config,
            customDomain: value.customDomain,
          },
        })
        formApi.reset(formValuesOf(saved))
        queryClient.setQueryData(shopSettingsQuery(settings.organisationId).queryKey, saved)
        toast.success(
          settings.published
            ? 'Die Einstellungen sind gespeichert und gelten sofort.'
            : 'Die Einstellungen sind gespeichert. Ihr Shop ist jetzt online.',
        )
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, draft.fieldOf))
        focusFirstError()
      }
    },
  })
}

export type ShopForm = ReturnType<typeof useShopSettingsForm>
