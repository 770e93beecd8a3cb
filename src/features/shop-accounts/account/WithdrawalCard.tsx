import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ShopOrderDetail } from '~/lib/shop-account'
import { FormAlert, SubmitButtonView } from '../../forms/field-parts'
import {
  WithdrawalLines,
  WithdrawalPersonFields,
  WithdrawalReceived,
  withdrawalPeriodText,
} from '../../shop/withdrawal/WithdrawalParts'
import { Button } from '../../ui/buttons'
import { toast } from '../../ui/toast'
import { entry, usePlainForm } from '../PlainForm'
import { AccountCard } from './AccountFrame'
import { accountKey } from './account.queries'
import { withdrawShopOrderFn } from './account-actions.functions'

/**
 * The right of withdrawal of one order: per line, and the function "Vertrag widerrufen" (§ 356a
 * BGB) with its confirmation step "Widerruf bestätigen" while the period runs.
 */
export function WithdrawalCard({ order }: { order: ShopOrderDetail }) {
  const { withdrawal } = order
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const form = usePlainForm(async (entries) => {
    await withdrawShopOrderFn({
      data: {
        id: order.id,
        withdrawal: { name: entry(entries, 'name'), email: entry(entries, 'email') },
      },
    })
    await queryClient.invalidateQueries({ queryKey: accountKey })
    setConfirming(false)
    toast.success('Ihr Widerruf ist eingegangen.')
  })
  const covered = withdrawal.lines.filter((line) => line.applies)
  return (
    <AccountCard title="Widerrufsrecht" id="order-withdrawal">
      <div className="space-y-4">
        <WithdrawalLines lines={withdrawal.lines} />
        {withdrawal.withdrawal ? (
          <WithdrawalReceived {...withdrawal.withdrawal} />
        ) : withdrawal.canWithdraw ? (
          <>
            <p className="text-sm text-ink-muted">{withdrawalPeriodText(withdrawal.lastDay)}</p>
            {confirming ? (
              <form
                noValidate
                method="post"
                className="space-y-4 rounded-card border border-border p-4"
                onSubmit={form.onSubmit}
                aria-label="Widerruf bestätigen"
              >
                <h3 className="font-semibold text-ink">Widerruf bestätigen</h3>
                <p className="text-sm text-ink-muted">
                  Sie widerrufen den Vertrag zur Bestellung {order.number} über:{' '}
                  {covered.map((line) => line.name).join(', ')}.
                </p>
                {form.failure && !form.failure.errors && (
                  <FormAlert>{form.failure.message}</FormAlert>
                )}
                <WithdrawalPersonFields
                  idPrefix="withdrawal"
                  fieldError={form.fieldError}
                  defaultName={order.billing?.name ?? ''}
                />
                <div className="flex flex-wrap gap-3">
                  <SubmitButtonView busy={form.busy}>Widerruf bestätigen</SubmitButtonView>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Abbrechen
                  </Button>
                </div>
              </form>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Vertrag widerrufen
              </Button>
            )}
          </>
        ) : (
          withdrawal.refusal && <p className="text-sm text-ink-muted">{withdrawal.refusal}</p>
        )}
      </div>
    </AccountCard>
  )
}
