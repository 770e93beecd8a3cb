import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { type CustomerOption, customerKindLabels, customerKindsFor } from '~/lib/customers'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { Button } from '../ui/buttons'
import { ProductCombobox } from '../ui/ProductCombobox'
import { CustomerDialog } from './CustomerDialog'
import { customerOptionsQuery } from './customer-options.queries'

/** The chosen customer's facts an order needs: payer, insurer, address. */
function CustomerSummary({ customer }: { customer: CustomerOption }) {
  const address = [customer.street, [customer.postalCode, customer.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return (
    <span className="block text-xs text-ink-muted">
      {[
        customer.number,
        customerKindLabels[customer.kind],
        customer.insurerName,
        customer.copaymentExempt && 'zuzahlungsbefreit',
        address,
      ]
        .filter(Boolean)
        .join(' · ')}
    </span>
  )
}

/**
 * Chooses one of the organisation's active customers: a search over name, number, e-mail and
 * membership number (debounced, keyboard like every combobox here), and "Neuen Kunden anlegen",
 * which opens the create form in a dialog and chooses the new customer. Used by the order form.
 */
export function CustomerPicker({
  value,
  onChange,
  label = 'Kunde',
  error = null,
}: {
  value: CustomerOption | null
  onChange: (customer: CustomerOption) => void
  label?: string
  error?: string | null
}) {
  const { user } = useSession()
  const kinds = isBusinessUser(user) ? customerKindsFor(user.organisation.category) : []
  const members = kinds.length === 1 && kinds[0] === 'member'
  const [creating, setCreating] = useState(false)
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-64 flex-1">
          <ProductCombobox
            label={label}
            listLabel={members ? 'Passende Mitglieder' : 'Passende Kunden'}
            placeholder="Name, Kundennummer oder E-Mail"
            noMatch={
              members ? 'Kein passendes Mitglied gefunden.' : 'Kein passender Kunde gefunden.'
            }
            hint={
              value ? (
                <>
                  Gewählt: <span className="font-medium text-ink">{value.displayName}</span>
                  <CustomerSummary customer={value} />
                </>
              ) : (
                'Suche unter den aktiven Kunden deiner Organisation.'
              )
            }
            error={error}
            query={customerOptionsQuery}
            optionKey={(customer) => customer.id}
            clearOnPick
            onPick={onChange}
            renderOption={(customer) => (
              <>
                <span className="font-medium">{customer.displayName}</span>
                <CustomerSummary customer={customer} />
              </>
            )}
          />
        </div>
        {kinds.length > 0 && (
          <Button variant="secondary" className="mt-6" onClick={() => setCreating(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            {members ? 'Neues Mitglied anlegen' : 'Neuen Kunden anlegen'}
          </Button>
        )}
      </div>
      {kinds.length > 0 && (
        // The dialog's form renders in a portal, but React still bubbles its submit up the
        // component tree: without this the order form around the picker would submit too.
        <div onSubmit={(event) => event.stopPropagation()}>
          <CustomerDialog
            open={creating}
            onOpenChange={setCreating}
            kinds={kinds}
            onSaved={onChange}
          />
        </div>
      )}
    </div>
  )
}
