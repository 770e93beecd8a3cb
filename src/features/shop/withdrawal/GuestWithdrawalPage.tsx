import { Link } from '@tanstack/react-router'
import { FieldView, FormAlert, SubmitButtonView } from '../../forms/field-parts'
import { entry, usePlainForm } from '../../shop-accounts/PlainForm'
import { WithdrawalPersonFields, WithdrawalReceived } from './WithdrawalParts'
import { withdrawGuestOrderFn } from './withdrawal.functions'

/**
 * The shop's public withdrawal function (§ 356a BGB): whoever ordered names the order by its
 * number and the e-mail address it was placed with, and confirms the withdrawal.
 */
export function GuestWithdrawalPage() {
  const form = usePlainForm((entries) =>
    withdrawGuestOrderFn({
      data: {
        orderNumber: entry(entries, 'orderNumber'),
        name: entry(entries, 'name'),
        email: entry(entries, 'email'),
      },
    }),
  )
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-semibold text-ink">Vertrag widerrufen</h1>
      {form.result ? (
        <WithdrawalReceived receivedAt={form.result.receivedAt} lines={form.result.lines} />
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Hier widerrufen Sie einen Vertrag aus diesem Shop innerhalb der Widerrufsfrist. Mit
            Kundenkonto finden Sie dieselbe Funktion bei der Bestellung unter{' '}
            <Link to="/account/orders" className="underline">
              Meine Bestellungen
            </Link>
            . Für Arzneimittel, die nach Ihrer ärztlichen Verschreibung zubereitet werden, besteht
            kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 BGB); Ihre Bestellbestätigung nennt es für jede
            Position.
          </p>
          <form
            noValidate
            method="post"
            className="space-y-4"
            onSubmit={form.onSubmit}
            aria-label="Widerruf bestätigen"
          >
            {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
            <FieldView
              id="withdrawal-order-number"
              label="Bestellnummer"
              hint="Sie steht in Ihrer Bestellbestätigung, z. B. AU-2026-00017."
              error={form.fieldError('orderNumber')}
              render={(control) => <input {...control} name="orderNumber" />}
            />
            <WithdrawalPersonFields idPrefix="withdrawal" fieldError={form.fieldError} />
            <p className="text-sm text-ink-muted">
              Die E-Mail-Adresse muss die sein, mit der Sie bestellt haben; dorthin senden wir die
              Eingangsbestätigung mit Datum und Uhrzeit.
            </p>
            <SubmitButtonView busy={form.busy}>Widerruf bestätigen</SubmitButtonView>
          </form>
        </>
      )}
    </div>
  )
}
