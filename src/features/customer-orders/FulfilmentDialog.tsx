import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type {
  CustomerOrderDetail,
  CustomerOrderItemDetail,
  PickableBatch,
} from '~/lib/customer-orders'
import { FailureError, failureOf } from '~/lib/failure'
import { formatDate, formatQuantity } from '~/lib/format'
import { parseDecimal } from '~/lib/products'
import { quantityUnitOfPack } from '~/lib/stock'
import { useAppForm } from '../forms/form-hook'
import { FormDialog } from '../ui/FormDialog'
import { pickableBatchesQuery } from './customer-order-forms.queries'
import { customerOrderActionFn } from './customer-order-save.functions'
import { customerOrdersKey } from './customer-orders.queries'

/** Base units per unit typed: grams and millilitres are typed, mg and µl are stored. */
const typedFactor = (item: CustomerOrderItemDetail) =>
  quantityUnitOfPack[item.packUnit] === 'piece' ? 1 : 1000
const typedUnit = (item: CustomerOrderItemDetail) =>
  ({ mg: 'g', ul: 'ml', piece: 'Stk.' })[quantityUnitOfPack[item.packUnit]]
const typed = (baseUnits: number, item: CustomerOrderItemDetail) =>
  String(baseUnits / typedFactor(item)).replace('.', ',')

interface PickLine {
  itemId: string
  batches: { batchId: string; quantity: string }[]
}

/** The reserved batches, or first-expiring-first over what is free when they no longer cover the line. */
function prefill(item: CustomerOrderItemDetail, pickable: PickableBatch[]): PickLine {
  const need = item.quantity * item.baseUnitsPerSalesUnit
  const held = new Map(item.held.map((row) => [row.batchId, row.quantity]))
  const coveredByHeld =
    item.held.reduce((sum, row) => sum + row.quantity, 0) === need &&
    item.held.every((row) => pickable.some((batch) => batch.batchId === row.batchId))
  let missing = need
  return {
    itemId: item.id,
    batches: pickable.map((batch) => {
      let take = 0
      if (coveredByHeld) take = held.get(batch.batchId) ?? 0
      else {
        take = Math.min(batch.availableBaseUnits, missing)
        missing -= take
      }
      return { batchId: batch.batchId, quantity: take ? typed(take, item) : '' }
    }),
  }
}

/**
 * Marks a confirmed order ready (pickup) or shipped, with the batches each line is picked from:
 * prefilled with the reserved ones; another batch of the same product may be chosen (the order's
 * reservations follow). Only released, unexpired batches with free stock are offered.
 */
export function FulfilmentDialog({
  order,
  action,
  open,
  onOpenChange,
}: {
  order: CustomerOrderDetail
  action: 'markReady' | 'ship'
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const { data: pickable, isPending } = useQuery({
    ...pickableBatchesQuery(order.id),
    enabled: open,
  })
  const lines = order.items.map((item) => prefill(item, pickable?.[item.id] ?? []))
  const form = useAppForm({
    defaultValues: { lines },
    onSubmit: async ({ value }) => {
      const picks = value.lines.flatMap((line, index) => {
        const item = order.items[index] as CustomerOrderItemDetail
        const batches = line.batches
          .map((batch) => ({
            batchId: batch.batchId,
            quantity: Math.round((parseDecimal(batch.quantity) ?? 0) * typedFactor(item)),
          }))
          .filter((batch) => batch.quantity > 0)
        const heldSame =
          batches.length === item.held.length &&
          batches.every((batch) =>
            item.held.some(
              (row) => row.batchId === batch.batchId && row.quantity === batch.quantity,
            ),
          )
        return heldSame ? [] : [{ itemId: line.itemId, batches }]
      })
      try {
        await customerOrderActionFn({
          data: { id: order.id, action, version: order.version, picks },
        })
      } catch (error) {
        // The service names a line's pick by the item's id: the dialog shows it above the lines.
        const failure = failureOf(error)
        const [first] = Object.values(failure.errors ?? {})
        throw new FailureError({ ...failure, message: first ?? failure.message, errors: undefined })
      }
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success(
        action === 'ship'
          ? 'Die Bestellung ist als versandt vermerkt.'
          : 'Die Bestellung ist abholbereit.',
      )
    },
  })
  return (
    <FormDialog
      key={`${order.version}-${pickable ? 'loaded' : 'loading'}`}
      open={open}
      onOpenChange={onOpenChange}
      title={action === 'ship' ? 'Versand vermerken' : 'Abholbereit melden'}
      description="Entnommen wird aus den reservierten Chargen. Sie können andere freigegebene Chargen desselben Produkts wählen; die Reservierung folgt Ihrer Wahl."
      form={form}
      submitLabel={action === 'ship' ? 'Als versandt markieren' : 'Als abholbereit markieren'}
    >
      {isPending ? (
        <p className="text-ink-muted">Chargen werden geladen …</p>
      ) : (
        order.items.map((item, index) => {
          const batches = pickable?.[item.id] ?? []
          return (
            <fieldset key={item.id} className="space-y-2 border-t border-border pt-3">
              <legend className="font-medium text-ink">
                {item.name}:{' '}
                {formatQuantity(
                  item.quantity * item.baseUnitsPerSalesUnit,
                  quantityUnitOfPack[item.packUnit],
                )}
              </legend>
              {batches.length === 0 && (
                <p className="text-sm text-danger">Keine freigegebene Charge mit Bestand.</p>
              )}
              {batches.map((batch, batchIndex) => (
                <form.AppField
                  key={batch.batchId}
                  name={`lines[${index}].batches[${batchIndex}].quantity`}
                >
                  {(field) => (
                    <field.InputField
                      inputMode="decimal"
                      label={`Charge ${batch.batchNumber} (${typedUnit(item)})`}
                      hint={`${batch.expiryDate ? `verwendbar bis ${formatDate(batch.expiryDate)}, ` : ''}frei: ${formatQuantity(batch.availableBaseUnits, quantityUnitOfPack[item.packUnit])}`}
                    />
                  )}
                </form.AppField>
              ))}
            </fieldset>
          )
        })
      )}
    </FormDialog>
  )
}
