import { eq } from 'drizzle-orm'
import { addCalendarDays, berlinIsoDate } from '../../lib/format'
import { calendarMonthOf } from '../../lib/handouts'
import type { BusinessActor } from '../actor.server'
import { handouts } from '../handouts/handouts.schema'
import { createHandout, listHandoutBatches } from '../handouts/handouts.server'
import type { Database } from './client.server'
import { demoActorOf } from './seed-actor.server'
import { demoCustomerIds } from './seed-customers.server'
import { demoIds } from './seed-ids.server'

/**
 * Grüne Ecke's demo hand-outs: two members close to their monthly limit — Jonas Richter (adult,
 * 46 of 50 g) and Frieda Scholz (20 years old, 27 of 30 g, from the harvest with at most 10 %
 * THC). Made through the hand-out service on earlier days of the current month, so records,
 * numbers, stock movements and audit rows agree. A hand-out the month has no earlier day for
 * moves to today, at most 20 g, so some grams always remain today. Runs once: a club that has
 * hand-outs is left as it is.
 */

/** The members near their limit, for the end-to-end test and the README. */
export const demoHandoutMembers = {
  /** Adult: 46 g of 50 g this month. */
  adult: demoCustomerIds.clubMember,
  /** 20 years old: 27 g of 30 g this month. */
  youngAdult: demoCustomerIds.youngMembers[1],
} as const

const gram = 1000
/** What is left today at least, whatever the day of the month. */
const mostToday = 20 * gram

/** Earlier days of the month of `today`, newest first, a few days apart where the month allows. */
function earlierDaysOf(today: string, count: number): string[] {
  const first = calendarMonthOf(today).first
  const earlier: string[] = []
  for (let day = first; day < today; day = addCalendarDays(day, 1)) earlier.push(day)
  earlier.reverse()
  const step = Math.max(1, Math.min(4, Math.floor(earlier.length / count)))
  return earlier.filter((_, index) => index % step === 0).slice(0, count)
}

/** The afternoon of a Berlin calendar day (UTC 13:00 is 14:00 or 15:00 there). */
const afternoonOf = (day: string) => new Date(`${day}T13:00:00Z`)

async function handoutNearLimit(
  db: Database,
  clerk: BusinessActor,
  customerId: string,
  productNames: readonly string[],
  grams: readonly number[],
) {
  const now = new Date()
  const today = berlinIsoDate(now)
  const days = earlierDaysOf(today, grams.length)
  const batches = (await listHandoutBatches(clerk, customerId, db, now)).filter(
    (batch) => batch.refusal === null && productNames.includes(batch.productName),
  )
  if (batches.length === 0) throw new Error('demo hand-outs need released harvests')
  let forToday = 0
  for (const [index, amount] of grams.entries()) {
    const day = days[index]
    if (!day) {
      forToday += amount * gram
      continue
    }
    const batch = batches[index % batches.length] as (typeof batches)[number]
    await createHandout(
      clerk,
      { customerId, batchId: batch.batchId, quantity: amount * gram, identityChecked: true },
      db,
      afternoonOf(day),
    )
  }
  if (forToday > 0) {
    const batch = batches[0] as (typeof batches)[number]
    await createHandout(
      clerk,
      {
        customerId,
        batchId: batch.batchId,
        quantity: Math.min(forToday, mostToday),
        identityChecked: true,
      },
      db,
      now,
    )
  }
}

export async function seedDemoHandouts(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: handouts.id })
    .from(handouts)
    .where(eq(handouts.organisationId, demoIds.club))
    .limit(1)
  if (existing) return
  const clerk = await demoActorOf(db, demoIds.userClubOwner)
  await handoutNearLimit(db, clerk, demoHandoutMembers.adult, ['Auwald', 'Rosental'], [20, 15, 11])
  await handoutNearLimit(db, clerk, demoHandoutMembers.youngAdult, ['Elsterflut'], [15, 12])
}
