import { type AnyFieldApi, type AnyFormApi, createFormHook } from '@tanstack/react-form'
import {
  CellField,
  CheckboxField,
  DateField,
  FileField,
  FormFrame,
  InputField,
  RadioGroupField,
  SelectField,
  SubmitButton,
  TextField,
} from './fields'
import { fieldContext, formContext } from './form-context'

/**
 * The one way to build a form: `useAppForm` is TanStack Form's `useForm` with the field
 * components registered, so a form writes `<form.AppField name="note">{(field) =>
 * <field.InputField label="Notiz" multiline />}</form.AppField>` and `<form.AppForm>` around
 * `<form.FormFrame>` / `<form.SubmitButton>`. Server errors go under their fields through
 * `applyServerErrors` (server-errors.ts).
 */
const fieldComponents = {
  TextField,
  InputField,
  DateField,
  SelectField,
  RadioGroupField,
  CheckboxField,
  CellField,
  FileField,
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents,
  formComponents: { FormFrame, SubmitButton },
})

/** What `form.AppField` hands its children: the field with the registered components. */
export type AppFieldApi = AnyFieldApi & typeof fieldComponents

/**
 * A form as a field set shared by several forms sees it (customer fields, product facts, offer):
 * its state and its AppField. The concrete forms differ in the rest of their generic type.
 */
export type FieldSetForm = Pick<AnyFormApi, 'store' | 'getFieldValue' | 'setFieldValue'> & {
  // biome-ignore lint/suspicious/noExplicitAny: each form's AppField is typed by its own values
  AppField: any
}
