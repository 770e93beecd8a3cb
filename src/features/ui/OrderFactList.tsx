import { type Fact, FactGrid } from './FactList'

/**
 * The facts at the head of an order page (a purchase order, a customer order), then the note and
 * the cancellation reason across the full width when there are any.
 */
export function OrderFactList({
  facts,
  note,
  cancelReason,
}: {
  facts: readonly Fact[]
  note: string | null
  cancelReason: string | null
}) {
  const wide = [
    ['Notiz', note],
    ['Stornogrund', cancelReason],
  ] as const
  return <FactGrid facts={facts} wide={wide} columns={3} framed />
}
