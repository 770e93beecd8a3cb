import { berlinIsoDate } from '~/lib/format'
import type { Actor } from '~/server/actor.server'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import { createCustomerOrder } from '~/server/customer-orders/customer-orders.server'
import type { Database } from '~/server/db/client.server'
import { demoCustomerIds } from '~/server/db/seed.server'

/**
 * The demo's statutory patient orders `quantity` of a listing for pickup on an e-prescription
 * (AOK Nordost), which the pharmacist records, checks and redeems: the order, ready to be
 * confirmed and, once prepared, handed over.
 */
export async function checkedStatutoryPickupOrder(
  actor: Actor,
  db: Database,
  {
    listingId,
    quantity,
    eRezeptToken,
  }: { listingId: string; quantity: number; eRezeptToken: string },
): Promise<string> {
  const { id, version } = await createCustomerOrder(
    actor,
    {
      customerId: demoCustomerIds.statutoryPatient,
      items: [{ listingId, quantity }],
      delivery: { method: 'pickup' },
      note: null,
    },
    db,
  )
  const recorded = await recordPrescription(
    actor,
    id,
    {
      version,
      payer: 'statutory',
      form: 'e_rezept',
      prescriberName: 'Dr. med. Felix Hartmann',
      issuedOn: berlinIsoDate(),
      dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
      insurerName: 'AOK Nordost',
      insuranceNumber: 'A123456780',
      eRezeptToken,
    },
    db,
  )
  const checked = await checkPrescription(actor, id, { version: recorded.version }, db)
  await recordPrescriptionOriginal(actor, id, { version: checked.version }, db)
  return id
}
