import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { highestQuantity, lowestQuantity } from '~/lib/cart'
import { failureOf } from '~/lib/failure'
import { orderRuleProblem } from '~/lib/product-display'
import type { CatalogueProduct } from '~/lib/shop-catalogue'
import { ShoppingBasketIcon } from '../../shell/icons'
import { Button } from '../../ui/buttons'
import { toast } from '../../ui/toast'
import { addToCartFn } from './cart.functions'
import { useSetCartLines } from './cart-count'

/**
 * "In den Warenkorb" on a product page: a quantity in sales units within the listing's step,
 * minimum and maximum; the server checks again (and what is available). On success a toast, and
 * the header's figure follows.
 */
export function AddToCart({ product }: { product: CatalogueProduct }) {
  const inputId = useId()
  const errorId = useId()
  const lowest = lowestQuantity(product)
  const [quantity, setQuantity] = useState(String(lowest))
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const setCartLines = useSetCartLines()
  const queryClient = useQueryClient()
  const unit = product.salesUnit === 'gram' ? 'g' : 'Packungen'
  const soldOut = product.availability.level === 'out_of_stock'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const amount = Number(quantity)
    const problem =
      Number.isSafeInteger(amount) && amount > 0
        ? orderRuleProblem(amount, product)
        : 'Bitte geben Sie eine Menge als ganze Zahl an.'
    setError(problem)
    if (problem) return
    setPending(true)
    try {
      const { count } = await addToCartFn({ data: { listingId: product.id, quantity: amount } })
      setCartLines(count.lines)
      await queryClient.invalidateQueries({ queryKey: ['shop-cart'] })
      toast.success(`${product.name} liegt im Warenkorb.`)
    } catch (failure) {
      setError(failureOf(failure).message)
    } finally {
      setPending(false)
    }
  }

  if (soldOut) {
    return <p className="text-sm text-ink-muted">Derzeit nicht vorrätig.</p>
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" noValidate>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        Menge ({unit})
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={lowest}
        max={highestQuantity(product) ?? undefined}
        step={product.orderStep}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        aria-invalid={error !== null || undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" pending={pending} className="w-full">
        <ShoppingBasketIcon className="size-4" aria-hidden="true" />
        In den Warenkorb
      </Button>
      <Link
        to="/warenkorb"
        className="block text-center text-sm font-medium text-brand-700 underline"
      >
        Zum Warenkorb
      </Link>
    </form>
  )
}
