import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { CustomerForm } from './CustomerForm'
import { customerTerms } from './customer-terms'
import { customerQuery } from './customers.queries'

const editRoute = getRouteApi('/_app/customers/$id/edit')

/** `/customers/$id/edit`: the customer's data; the kind stays. */
export function CustomerEditPage() {
  const { id } = editRoute.useParams()
  const { data: detail } = useSuspenseQuery(customerQuery(id))
  const words = customerTerms(detail.owner.members)
  return (
    <>
      <PageHeader
        title={`${detail.displayName} bearbeiten`}
        description={`${words.singular} ${detail.number}`}
        back={
          <BackLink to="/customers/$id" params={{ id }}>
            {detail.displayName}
          </BackLink>
        }
      />
      <CustomerForm kinds={detail.owner.kinds} detail={detail} key={detail.revision} />
    </>
  )
}
