import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { type PickupPaymentChoice, pickupPaymentChoices } from '~/lib/customer-order-schemas'
import { type CustomerOrderDetail, pickupPaymentChoiceLabels } from '~/lib/customer-orders'
import { formatMoney } from '~/lib/format'
import { useAppForm } from '../forms/form-hook'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
import { customerOrderActionFn } from './customer-order-save.functions'
import { customerOrdersKey } from './customer-orders.queries'

const hints: Record<PickupPaymentChoice, string> = {
  cash: 'Kassiert an der Kasse; der Kassenbon mit TSE-Signatur ist der Beleg.',
  card: 'Bezahlt am Kartenterminal der Kasse.',
  already_paid: 'Die Zahlung ist schon erfasst (z. B. vorab überwiesen).',
  on_invoice: 'Der Kunde überweist nach Rechnung; die Rechnung nennt Konto und Frist.',
}

/**
 * The hand-over of a pay-at-pickup order (ADR 055): asks how it was paid — cash or card at the
 * till with the till receipt's number, already paid, or on invoice — and completes the order
 * with that payment in one step. The choices are native radio buttons (arrow keys move between
 * them); the dialog is Radix's, so focus stays inside and Escape closes it.
 */
export function CompleteWithPaymentDialog({
  order,
  open,
  onOpenChange,
}: {
  order: CustomerOrderDetail
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const paid = order.paymentStatus === 'paid'
  const form = useAppForm({
    defaultValues: {
      choice: (paid ? 'already_paid' : 'cash') as PickupPaymentChoice,
      tillReceiptNumber: '',
    },
    onSubmit: async ({ value }) => {
      const atTill = value.choice === 'cash' || value.choice === 'card'
      await customerOrderActionFn({
        data: {
          id: order.id,
          action: 'complete',
          version: order.version,
          payment: {
            choice: value.choice,
            ...(atTill && { tillReceiptNumber: value.tillReceiptNumber }),
          },
        },
      })
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success('Die Bestellung ist abgeschlossen; die Zahlung ist erfasst.')
    },
  })
  const choice = useStore(form.store, (state) => state.values.choice)
  const offered = pickupPaymentChoices.filter((value) =>
    paid ? value === 'already_paid' : value !== 'already_paid',
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Bestellung ${order.number} übergeben`}
      description={`Zahlung bei Abholung: zu zahlen ${formatMoney(order.customerShareCents)}. Die reservierten Mengen werden als Verkauf gebucht${order.needsPrescription ? ', die Abgabe wird dokumentiert' : ''}. Das lässt sich nicht rückgängig machen.`}
      form={form}
      submitLabel="Übergeben und abschließen"
    >
      <form.AppField name="choice">
        {(field) => (
          <field.RadioGroupField
            label="Wie wurde bezahlt?"
            options={offered.map((value) => ({
              value,
              label: pickupPaymentChoiceLabels[value],
              hint: hints[value],
            }))}
          />
        )}
      </form.AppField>
      {(choice === 'cash' || choice === 'card') && (
        <form.AppField
          name="tillReceiptNumber"
          validators={{
            onSubmit: ({ value }) =>
              value.trim() ? undefined : 'Bitte gib die Nummer des Kassenbons an.',
          }}
        >
          {(field) => (
            <field.TextField
              label="Nummer des Kassenbons"
              hint="Steht auf dem Bon der Kasse; sie verbindet die Bestellung mit dem Kassenbeleg."
            />
          )}
        </form.AppField>
      )}
    </FormDialog>
  )
}
