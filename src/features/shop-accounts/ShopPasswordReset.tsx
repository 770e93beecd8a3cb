import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { entry, usePlainForm } from './PlainForm'
import { requestPasswordResetFn } from './shop-accounts.functions'

/** A shop customer asks for a reset link; the answer is the same for every address. */
export function ShopPasswordReset() {
  const form = usePlainForm((entries) =>
    requestPasswordResetFn({ data: { email: entry(entries, 'email') } }),
  )
  return (
    <section aria-labelledby="customer-accounts" className="space-y-3">
      <h2 id="customer-accounts" className="font-semibold text-ink">
        Kundenkonto
      </h2>
      {form.result ? (
        <p role="status" className="text-ink">
          {form.result.message}
        </p>
      ) : (
        <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
          <p>Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
          {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
          <FieldView
            id="reset-email"
            label="E-Mail-Adresse"
            error={form.fieldError('email')}
            render={(control) => (
              <input {...control} name="email" type="email" autoComplete="email" />
            )}
          />
          <SubmitButtonView busy={form.busy}>Link anfordern</SubmitButtonView>
        </form>
      )}
    </section>
  )
}
