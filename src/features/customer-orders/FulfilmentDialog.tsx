import { useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CustomerOrderDetail,
  CustomerOrderItemDetail,
  PickableBatch,
} from '~/lib/customer-orders'
import { FailureError, failureOf } from '~/lib/failure'
import { berlinIsoDate, formatDate, formatQuantity } from '~/lib/format'
import { codeMatchesPzn, codeProductText, type PackCode } from '~/lib/pack-codes'
import { parseDecimal } from '~/lib/products'
import { isExpiredOn, quantityUnitOfPack } from '~/lib/stock'
import { useAppForm } from '../forms/form-hook'
import { ScanField, type ScanOutcome } from '../scan/ScanField'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
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
 * A scanned pack picks its batch for the line of its product: the whole line from that batch as
 * far as it has stock, the rest cleared. Refused: an expired pack, a product not on the order, a
 * batch that is not released with free stock for it.
 */
function pickFromScan(
  code: PackCode,
  order: CustomerOrderDetail,
  pickable: Record<string, PickableBatch[]>,
): { error: string } | { lineIndex: number; quantities: string[]; done: string } {
  if (isExpiredOn(code.expiryDate, berlinIsoDate())) {
    return {
      error: `Die Packung ist abgelaufen (${formatDate(code.expiryDate as string)}) und darf nicht abgegeben werden.`,
    }
  }
  const lineIndex = order.items.findIndex((item) => codeMatchesPzn(code, item.pzn))
  const item = order.items[lineIndex]
  if (!item) {
    return {
      error: `Unbekanntes Produkt (${codeProductText(code)}): es ist nicht Teil dieser Bestellung.`,
    }
  }
  if (!code.batchNumber) {
    return {
      error: `${item.name} erkannt, der Code enthält aber keine Charge. Bitte die Charge unten wählen.`,
    }
  }
  const batches = pickable[item.id] ?? []
  const batch = batches.find((candidate) => candidate.batchNumber === code.batchNumber)
  if (!batch) {
    return {
      error: `Charge ${code.batchNumber} ist für ${item.name} nicht freigegeben oder nicht auf Lager.`,
    }
  }
  const take = Math.min(batch.availableBaseUnits, item.quantity * item.baseUnitsPerSalesUnit)
  return {
    lineIndex,
    quantities: batches.map((candidate) => (candidate === batch ? typed(take, item) : '')),
    done: `${item.name}: Charge ${batch.batchNumber} gewählt.`,
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
      description="Entnommen wird aus den reservierten Chargen. Du kannst andere freigegebene Chargen desselben Produkts wählen; die Reservierung folgt deiner Wahl."
      form={form}
      submitLabel={action === 'ship' ? 'Als versandt markieren' : 'Als abholbereit markieren'}
    >
      {isPending ? (
        <p className="text-ink-muted">Chargen werden geladen …</p>
      ) : (
        <ScanField
          label="Packung scannen"
          hint="Der securPharm-Code einer Packung wählt ihre Charge für die passende Position."
          onScan={(code): ScanOutcome => {
            const pick = pickFromScan(code, order, pickable ?? {})
            if ('error' in pick) return pick
            pick.quantities.forEach((quantity, batchIndex) => {
              form.setFieldValue(
                `lines[${pick.lineIndex}].batches[${batchIndex}].quantity`,
                quantity,
              )
            })
            return { done: pick.done }
          }}
        />
      )}
      {!isPending &&
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
        })}
    </FormDialog>
  )
}
