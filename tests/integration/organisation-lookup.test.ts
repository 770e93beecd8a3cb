import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organisationNotFoundMessage } from '~/lib/organisation-settings'
import { setOrganisationActive } from '~/server/admin/admin-organisations.server'
import { getNumberSeriesSettings } from '~/server/counters/number-series.server'
import { demoIds } from '~/server/db/seed.server'
import { NotFoundError } from '~/server/errors.server'
import {
  getOrganisationSettings,
  updateOrganisationProfile,
} from '~/server/organisations/organisation-settings.server'
import { getTeam } from '~/server/organisations/team.server'
import { readableOwner } from '~/server/products/organisation-products.server'
import { readablePurchaser } from '~/server/purchase-orders/purchase-order-access.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => error,
  )

describe.each(testDatabaseKinds)('looking up an organisation by an outside id on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('answers "not found" for an id that is no uuid, as for an unknown one', async () => {
    const pharmacy = await getOrganisationSettings(actors.admin, demoIds.pharmacy, db())
    const profile = {
      name: pharmacy.name,
      category: pharmacy.category,
      street: pharmacy.street,
      postalCode: pharmacy.postalCode,
      city: pharmacy.city,
    }
    // The platform admin may name any organisation, so each of these reaches the lookup.
    const lookups = (id: string) => [
      getOrganisationSettings(actors.admin, id, db()),
      updateOrganisationProfile(actors.admin, id, profile, db()),
      getNumberSeriesSettings(actors.admin, id, db()),
      getTeam(actors.admin, id, db()),
      setOrganisationActive(actors.admin, id, false, db()),
      readableOwner(actors.admin, id, db()),
      readablePurchaser(actors.admin, id, db()),
    ]
    for (const id of ['not-a-uuid', "1' or '1'='1", crypto.randomUUID()]) {
      for (const failure of await Promise.all(lookups(id).map(failureOf))) {
        expect(failure).toBeInstanceOf(NotFoundError)
      }
    }
    const settings = await failureOf(getOrganisationSettings(actors.admin, 'not-a-uuid', db()))
    expect(settings.message).toBe(organisationNotFoundMessage)
    // Nothing was left half done: the demo pharmacy reads as before.
    expect(await getOrganisationSettings(actors.admin, demoIds.pharmacy, db())).toEqual(pharmacy)
  })
})
