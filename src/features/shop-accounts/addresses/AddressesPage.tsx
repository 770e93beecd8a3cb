import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useSession } from '~/features/session/use-session'
import {
  type AddressKind,
  addressKindLabels,
  maxShopAddresses,
  type ShopAddress,
} from '~/lib/shop-addresses'
import { Button } from '../../ui/buttons'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { EmptyState } from '../../ui/EmptyState'
import { PageHeader } from '../../ui/PageHeader'
import { toast } from '../../ui/toast'
import { AddressDialog } from './AddressDialog'
import { deleteShopAddressFn, setDefaultShopAddressFn } from './addresses.functions'
import { shopAddressesKey, shopAddressesQuery } from './addresses.queries'

/** `/account/addresses`: the customer's address book with default billing and shipping address. */
export function AddressesPage() {
  const { data: addresses } = useSuspenseQuery(shopAddressesQuery())
  const queryClient = useQueryClient()
  const name = useSession().user?.name ?? ''
  const [editing, setEditing] = useState<ShopAddress | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ShopAddress | null>(null)
  const full = addresses.length >= maxShopAddresses

  async function makeDefault(address: ShopAddress, kind: AddressKind) {
    try {
      await setDefaultShopAddressFn({ data: { id: address.id, kind } })
      await queryClient.invalidateQueries({ queryKey: shopAddressesKey })
      toast.success(`${addressKindLabels[kind]} geändert.`)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Das hat nicht geklappt.')
    }
  }

  const add = (
    <Button onClick={() => setEditing('new')} disabled={full}>
      <Plus className="size-4" aria-hidden="true" />
      Neue Adresse
    </Button>
  )
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Adressen"
        description={`Ihre Rechnungs- und Lieferadressen (höchstens ${maxShopAddresses}).`}
        actions={addresses.length > 0 ? add : undefined}
      />
      {addresses.length === 0 ? (
        <EmptyState icon={MapPin} title="Noch keine Adressen" action={add}>
          Legen Sie eine Adresse an; die erste wird Ihre Standard-Rechnungs- und Lieferadresse.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="rounded-xl border border-border bg-surface p-4">
              <address className="text-sm not-italic text-ink">
                <span className="block font-medium">{address.name}</span>
                {address.addition && <span className="block">{address.addition}</span>}
                <span className="block">{address.street}</span>
                <span className="block">
                  {address.postalCode} {address.city}
                </span>
              </address>
              <ul className="mt-2 flex flex-wrap gap-2 text-xs">
                {address.defaultBilling && (
                  <li className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">
                    {addressKindLabels.billing}
                  </li>
                )}
                {address.defaultShipping && (
                  <li className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">
                    {addressKindLabels.shipping}
                  </li>
                )}
              </ul>
              <div className="mt-4 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-label={`Bearbeiten: ${address.street}`}
                  onClick={() => setEditing(address)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Bearbeiten
                </Button>
                {!address.defaultBilling && (
                  <Button
                    variant="ghost"
                    aria-label={`Als Rechnungsadresse: ${address.street}`}
                    onClick={() => void makeDefault(address, 'billing')}
                  >
                    Als Rechnungsadresse
                  </Button>
                )}
                {!address.defaultShipping && (
                  <Button
                    variant="ghost"
                    aria-label={`Als Lieferadresse: ${address.street}`}
                    onClick={() => void makeDefault(address, 'shipping')}
                  >
                    Als Lieferadresse
                  </Button>
                )}
                <Button
                  variant="ghost"
                  aria-label={`Löschen: ${address.street}`}
                  onClick={() => setDeleting(address)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Löschen
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddressDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        address={editing === 'new' || editing === null ? undefined : editing}
        defaultName={name}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Adresse löschen?"
        description={`${deleting?.street ?? ''}, ${deleting?.postalCode ?? ''} ${deleting?.city ?? ''} wird aus Ihrem Adressbuch gelöscht. Bestellungen behalten ihre Adresse.`}
        confirmLabel="Löschen"
        onConfirm={async () => {
          if (!deleting) return
          await deleteShopAddressFn({ data: { id: deleting.id } })
          await queryClient.invalidateQueries({ queryKey: shopAddressesKey })
          toast.success('Die Adresse wurde gelöscht.')
        }}
      />
    </div>
  )
}
