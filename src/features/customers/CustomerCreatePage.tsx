import { customerKindsFor } from '~/lib/customers'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { CustomerForm } from './CustomerForm'
import { customerTerms } from './customer-terms'

/** `/customers/create`: a new customer (a club: a new member). */
export function CustomerCreatePage() {
  const { user } = useSession()
  const kinds = isBusinessUser(user) ? customerKindsFor(user.organisation.category) : []
  const words = customerTerms(kinds.length === 1 && kinds[0] === 'member')
  return (
    <>
      <PageHeader
        title={words.create}
        description={
          kinds.includes('member')
            ? 'Mitglied werden darf nur, wer volljährig ist; prüfe den Ausweis. Ein Verein hat höchstens 500 aktive Mitglieder.'
            : 'Die Kundennummer vergibt Blattwerk beim Speichern.'
        }
        back={<BackLink to="/customers">{words.back}</BackLink>}
      />
      <CustomerForm kinds={kinds} />
    </>
  )
}
