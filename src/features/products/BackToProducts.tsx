import type { ProductOwner } from '~/lib/organisation-products'
import { BackLink } from '../ui/PageHeader'

/** "← Produkte" or "← Archivierte Produkte"; for the platform admin, of the same organisation. */
export function BackToProducts({ archived, owner }: { archived: boolean; owner: ProductOwner }) {
  const search = owner.canManage ? {} : { organisation: owner.id }
  return archived ? (
    <BackLink to="/archive/products" search={search}>
      Archivierte Produkte
    </BackLink>
  ) : (
    <BackLink to="/products" search={search}>
      Produkte
    </BackLink>
  )
}
