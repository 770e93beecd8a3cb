import { eq } from 'drizzle-orm'
import type { BusinessActor } from '../actor.server'
import {
  addPreparationInstruction,
  listPreparationInstructions,
} from '../filling-protocols/defektur.server'
import {
  confirmFillingProtocol,
  recordFillingWeights,
  startFillingProtocol,
} from '../filling-protocols/filling-protocol-transitions.server'
import { fillingProtocols } from '../filling-protocols/filling-protocols.schema'
import { listFillingBulkBatches } from '../filling-protocols/filling-protocols.server'
import { hashPassword } from '../password.server'
import type { Database } from './client.server'
import { users } from './schema'
import { demoActorOf } from './seed-actor.server'
import { demoIds } from './seed-ids.server'

/**
 * The demo fillings, made through the filling service so protocols, products, batches, movements
 * and audit rows agree. Sonnen-Apotheke: one confirmed filling of Salbeistern into 5 g units
 * (filled by the owner, checked by the staff member; one unit outside the tolerance with its
 * reason, a loss with its reason) and one of Lavendeltal into 10 g units that waits for its
 * second check — filled by "apotheke", to be confirmed by "mitarbeiter". Grüne Ecke: one
 * confirmed filling of its Auwald harvest into 5 g units, checked by a second member of its team,
 * who is added here (the four-eyes check needs two people). The pharmacy's fillings follow
 * preparation instructions written first (Salbeistern in two versions, Lavendeltal in one). An
 * organisation that has fillings is left as it is.
 */

/** Grüne Ecke's second person for the four-eyes check, a demo login of its own. */
export const demoClubTeamLogin = {
  id: '00000000-0000-4000-8000-000000000208',
  username: 'vereinsteam',
  password: 'vereinsteam-demo-2026',
  name: 'Mara Lindner',
  email: 'team@gruene-ecke.example',
} as const

interface DemoUnit {
  tareMg: number
  netMg: number
  deviationReason?: string
}

interface DemoFilling {
  filler: BusinessActor
  /** Confirmed by this second person; left waiting for the check without one. */
  checker: BusinessActor | null
  /** The bulk batch's product contains this name (its cultivar). */
  variety: string
  targetNetMg: number
  units: DemoUnit[]
  lossMg: number
  lossReason: string
  /** A pharmacy's preparation instruction for the bulk product, in its versions (Defektur). */
  instructions?: string[]
}

/** The pharmacy's instruction for filling loose flowers; version 2 adds the label check. */
const demoInstruction = (variety: string, grams: number) => [
  `Herstellungsanweisung Abfüllung ${variety}, ${grams} g\n1. Arbeitsplatz reinigen, Handschuhe und Haarschutz tragen.\n2. Waage justieren (Prüfgewicht ${grams} g), Tara jeder Dose einzeln ermitteln.\n3. Blüten aus dem Großgebinde mit dem Spatel einwiegen, nicht zerdrücken; Sollgewicht ${grams} g ± 2 %.\n4. Dose verschließen, Einwaage protokollieren, Abweichungen begründen.`,
  `Herstellungsanweisung Abfüllung ${variety}, ${grams} g\n1. Arbeitsplatz reinigen, Handschuhe und Haarschutz tragen.\n2. Waage justieren (Prüfgewicht ${grams} g), Tara jeder Dose einzeln ermitteln.\n3. Blüten aus dem Großgebinde mit dem Spatel einwiegen, nicht zerdrücken; Sollgewicht ${grams} g ± 2 %.\n4. Dose verschließen, Einwaage protokollieren, Abweichungen begründen.\n5. Etikett mit Bezeichnung, Charge (Protokollnummer), Inhalt, Wirkstoffgehalt und Verwendbarkeit anbringen; Aussehen (trocken, frei von Schimmel und Fremdkörpern) und Kennzeichnung prüfen.`,
]

const gram = 1000

async function hasFillings(db: Database, organisationId: string) {
  const [row] = await db
    .select({ id: fillingProtocols.id })
    .from(fillingProtocols)
    .where(eq(fillingProtocols.organisationId, organisationId))
    .limit(1)
  return row !== undefined
}

async function fill(db: Database, filling: DemoFilling) {
  const { filler, units, targetNetMg } = filling
  const bulk = (await listFillingBulkBatches(filler, db)).find((batch) =>
    batch.productName.includes(filling.variety),
  )
  if (!bulk) throw new Error(`demo filling needs a released bulk batch of ${filling.variety}`)
  const product = (await listPreparationInstructions(filler, db)).find(
    (listing) => listing.productName === bulk.productName,
  )
  for (const text of filling.instructions ?? []) {
    if (!product) throw new Error(`demo instruction needs the listing of ${filling.variety}`)
    await addPreparationInstruction(
      filler,
      { organisationProductId: product.organisationProductId, text },
      db,
    )
  }
  const started = await startFillingProtocol(
    filler,
    {
      bulkBatchId: bulk.batchId,
      unitCount: units.length,
      targetNetMg,
      packListingId: null,
    },
    db,
  )
  const netTotal = units.reduce((sum, unit) => sum + unit.netMg, 0)
  await recordFillingWeights(
    filler,
    started.id,
    {
      units: units.map((unit) => ({
        grossMg: unit.tareMg + unit.netMg,
        tareMg: unit.tareMg,
        deviationReason: unit.deviationReason ?? '',
      })),
      withdrawnMg: netTotal + filling.lossMg,
      lossReason: filling.lossReason,
      submit: true,
      appearanceChecked: true,
      labellingChecked: true,
      checkNote: 'Blüten trocken, frei von Schimmel und Fremdkörpern; Etiketten vollständig.',
    },
    db,
  )
  if (filling.checker) await confirmFillingProtocol(filling.checker, started.id, db)
}

/** Jars weigh a little differently; the nets scatter around the target. */
const units = (targetNetMg: number, deviations: number[], odd?: DemoUnit): DemoUnit[] =>
  deviations.map((deviation, index) =>
    odd && index === deviations.length - 1
      ? odd
      : { tareMg: 11_200 + ((index * 37) % 90), netMg: targetNetMg + deviation },
  )

async function addClubTeamMember(db: Database) {
  const { password, ...login } = demoClubTeamLogin
  await db
    .insert(users)
    .values({
      ...login,
      organisationId: demoIds.club,
      role: 'staff',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
}

export async function seedDemoFillings(db: Database): Promise<void> {
  if (!(await hasFillings(db, demoIds.pharmacy))) {
    const owner = await demoActorOf(db, demoIds.userPharmacyOwner)
    // The second check of a pharmacy's filling is a pharmacist's (ApBetrO § 7).
    const pharmacist = await demoActorOf(db, demoIds.userPharmacyPharmacist)
    await fill(db, {
      filler: owner,
      checker: pharmacist,
      variety: 'Salbeistern',
      targetNetMg: 5 * gram,
      units: units(5 * gram, [12, -4, 31, 8, -11, 20, 3, 0], {
        tareMg: 11_240,
        netMg: 4_880,
        deviationReason: 'Letzte Einheit aus dem Rest des Gebindes; Blüte nicht weiter teilbar.',
      }),
      lossMg: 350,
      lossReason: 'Staub und Abrieb beim Umfüllen',
      instructions: demoInstruction('Salbeistern', 5),
    })
    await fill(db, {
      filler: owner,
      checker: null,
      variety: 'Lavendeltal',
      targetNetMg: 10 * gram,
      units: units(10 * gram, [24, -15, 9, 41, -3]),
      lossMg: 180,
      lossReason: 'Abrieb beim Umfüllen',
      instructions: demoInstruction('Lavendeltal', 10).slice(1),
    })
  }
  if (!(await hasFillings(db, demoIds.club))) {
    await addClubTeamMember(db)
    await fill(db, {
      filler: await demoActorOf(db, demoIds.userClubOwner),
      checker: await demoActorOf(db, demoClubTeamLogin.id),
      variety: 'Auwald',
      targetNetMg: 5 * gram,
      units: units(5 * gram, [15, -22, 7, 38, -9, 0, 26, -14, 11, 5]),
      lossMg: 420,
      lossReason: 'Staub und Blütenreste im Gebinde',
    })
  }
}
