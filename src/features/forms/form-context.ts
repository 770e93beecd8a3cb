import { createFormHookContexts } from '@tanstack/react-form'

/**
 * The contexts through which the registered field components (fields.tsx) find their field and
 * form. Apart from `form-hook.ts` so that the components and the hook do not import each other.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } =
  createFormHookContexts()
