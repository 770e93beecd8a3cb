import { useQuery } from '@tanstack/react-query'
import { mainSite } from '~/lib/admin-support'
import { SelectFilter } from '../ui/DataTable'
import { tenantChoicesQuery } from './support.queries'

/** "Shop": every tenant of the platform by name, and the rows without one first. */
export function TenantFilter({ value, noTenant }: { value: string | undefined; noTenant: string }) {
  const { data: tenants = [] } = useQuery(tenantChoicesQuery())
  const options = [
    { value: mainSite, label: noTenant },
    ...tenants.map((tenant) => ({ value: tenant.id, label: tenant.name })),
  ]
  return <SelectFilter param="tenant" label="Shop" value={value} options={options} />
}
