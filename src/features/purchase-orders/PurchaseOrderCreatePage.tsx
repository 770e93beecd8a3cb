import { useSession } from '../session/use-session'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { PurchaseOrderForm } from './PurchaseOrderForm'

/** `/purchase_orders/create`: a new order, saved as a draft. */
export function PurchaseOrderCreatePage() {
  const { user } = useSession()
  const club = !!user && 'organisation' in user && user.organisation.category === 'club'
  return (
    <>
      <PageHeader
        title="Einkaufsbestellung anlegen"
        description="Wähle den Lieferanten und die Produkte. Gespeichert wird zunächst ein Entwurf, den du danach verbindlich bestellst."
        back={<BackLink to="/purchase_orders">Einkauf</BackLink>}
      />
      <PurchaseOrderForm accessoriesOnly={club} />
    </>
  )
}
