import { readFile } from 'node:fs/promises'
import { addCalendarDays, berlinIsoDate } from '~/lib/format'
import { parsePackCode } from '~/lib/pack-codes'
import { expectNoSeriousViolations } from './support/axe'
import { linkClubClerk } from './support/club'
import { watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm, waitForHydratedPage } from './support/session'
import { type Browser, expect, type Page, test } from './support/test'

/**
 * Issue 35: the working day of Mara Lindner, clerk (staff) of Grüne Ecke e.V., at desk and phone
 * width. She admits a new member of 19 with the KCanG's checks, hands out up to the day's limit
 * (a variety over 10 % THC and the 26th gram are refused with the reason on screen), prints the
 * label with the batch code, sees an adult's 50 g month refuse more, records a harvest of the
 * club's own cultivation and downloads the annual report (§ 26 KCanG).
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const clerkName = 'Mara Lindner'
const main = (page: Page) => page.getByRole('main')
const fact = (page: Page, label: string) =>
  main(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('+ dd')

/** Whom the clerk's account was linked to before this spec, put back after it. */
let linkedBefore = ''

async function asBoard<T>(browser: Browser, act: (board: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext()
  try {
    const board = await context.newPage()
    await openBackOffice(board, 'verein', 'verein-demo-2026')
    return await act(board)
  } finally {
    await context.close()
  }
}

// Only members hand out (§ 19 Abs. 2 KCanG): the board links the clerk's account to a member
// record first (the demo leaves it unlinked; club-handouts.spec.ts links it to the same member).
test.beforeAll(async ({ browser }) => {
  linkedBefore = await asBoard(browser, (board) =>
    linkClubClerk(board, clerkName, { label: 'Krüger, Julia' }),
  )
})

test.afterAll(async ({ browser }) => {
  await asBoard(browser, (board) => linkClubClerk(board, clerkName, { id: linkedBefore }))
})

async function chooseMember(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Mitglied suchen' }).fill(name)
  await expect(
    page.getByRole('listbox', { name: 'Passende Mitglieder' }).getByRole('option'),
  ).toHaveCount(1)
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
}

async function openNewHandout(page: Page, member: string) {
  await page.goto('/abgabe/neu')
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Abgabe' })).toBeVisible()
  await waitForHydratedForm(page)
  await chooseMember(page, member)
}

/** The variety's loose flowers ("Elsterflut"), not a pack filled of it ("Elsterflut, 5 g"). */
async function selectVariety(page: Page, variety: string) {
  await page.getByLabel('Sorte').selectOption({ label: variety })
}

async function submitHandout(page: Page, variety: string, grams: string) {
  await selectVariety(page, variety)
  await expect(page.getByLabel('Charge (Ernte)')).not.toHaveValue('')
  await page.getByLabel('Menge in g').fill(grams)
  await page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft').check()
  await page.getByRole('button', { name: 'Abgabe erfassen' }).click()
}

/** The record page of the hand-out just made: its number ("AG-2026-00012"). */
async function recordNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/abgabe\/[0-9a-f-]{36}$/)
  const heading = page.getByRole('heading', { level: 1, name: /^Abgabe AG-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()
  const number = ((await heading.textContent()) ?? '').replace('Abgabe ', '')
  await expect(page.getByText(`Abgabe ${number} ist erfasst.`)).toBeVisible()
  return number
}

/** "1.234,5" → 1234.5 */
const decimal = (text: string | undefined) =>
  Number((text ?? '').replaceAll('.', '').replace(',', '.'))

const widths = [
  {
    width: 1366,
    height: 900,
    firstName: 'Lena',
    lastName: 'Brandtner',
    harvestGrams: 1366,
    harvestShown: '1.366 g',
  },
  {
    width: 390,
    height: 844,
    firstName: 'Lena',
    lastName: 'Vogtland',
    harvestGrams: 390,
    harvestShown: '390 g',
  },
] as const

for (const { width, height, firstName, lastName, harvestGrams, harvestShown } of widths) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } })

    test("the club clerk's day: member, hand-outs, label, harvest, annual report", async ({
      page,
    }) => {
      const errors = watchPageErrors(page)
      const member = `${firstName} ${lastName}`
      const today = berlinIsoDate()
      let memberUrl = ''

      await test.step('Log in as the club clerk', async () => {
        await openBackOffice(page, 'vereinsteam', 'vereinsteam-demo-2026')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
      })

      await test.step('Admit a new member of 19 with age, residence and no-other-club checks', async () => {
        await page.goto('/customers')
        await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: 'Mitglied anlegen' }).first().click()
        await expect(
          page.getByRole('heading', { level: 1, name: 'Mitglied anlegen' }),
        ).toBeVisible()
        await waitForHydratedForm(page)
        await expectNoSeriousViolations(page)
        await page.getByLabel('Vorname').fill(firstName)
        await page.getByLabel('Nachname').fill(lastName)
        // Mistyped a year: a 17-year-old is refused (only adults are members, § 2 KCanG).
        const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(4)]
        await page.getByLabel('Geburtsdatum').fill(`${year - 17}${monthDay}`)
        await page.getByLabel('PLZ').fill('04109')
        await page.getByLabel('Ort').fill('Leipzig')
        // No waiting time before the first hand-out: the statutes' minimum membership (§ 16
        // Abs. 5 KCanG) bounds only the exit day (docs/domain.md, migration 0039), so a member
        // admitted today receives today once the ID check, the declaration of no other club and
        // the proof of residence are recorded.
        await page.getByLabel('Mitglied seit (optional)').fill(today)
        await page.getByLabel('Ausweis geprüft am (optional)').fill(today)
        await page
          .getByLabel('Kein Mitglied einer anderen Anbauvereinigung, erklärt am')
          .fill(today)
        await page
          .getByLabel('Wohnsitz oder gewöhnlicher Aufenthalt in Deutschland nachgewiesen am')
          .fill(today)
        await page.getByRole('button', { name: 'Mitglied anlegen' }).click()
        await expect(page.getByText(/Die Person ist jünger als 18 Jahre/)).toBeVisible()
        await expect(page).toHaveURL(/\/customers\/create$/)
        await expectNoSeriousViolations(page)
        // 19 today, so an 18- to 20-year-old: 30 g a month, at most 10 % THC.
        await page.getByLabel('Geburtsdatum').fill(`${year - 19}${monthDay}`)
        await page.getByRole('button', { name: 'Mitglied anlegen' }).click()
        await expect(page.getByRole('heading', { level: 1, name: member })).toBeVisible()
        await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/)
        memberUrl = new URL(page.url()).pathname
        const handouts = page.getByRole('region', { name: 'Abgaben' })
        await expect(handouts.getByText('18 bis 20 Jahre', { exact: true })).toBeVisible()
        await expect(
          handouts.locator('dt', { hasText: /^Diesen Monat noch möglich$/ }).locator('+ dd'),
        ).toHaveText('30 g von 30 g')
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
      })

      await test.step('Hand out 20 g; a variety over 10 % THC is refused with the reason', async () => {
        await page.goto('/abgabe')
        await expect(page.getByRole('heading', { level: 1, name: 'Abgaben' })).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: 'Neue Abgabe' }).click()
        await expect(page).toHaveURL(/\/abgabe\/neu$/)
        await waitForHydratedForm(page)
        await chooseMember(page, member)
        await expect(main(page).getByText('18 bis 20 Jahre', { exact: true })).toBeVisible()
        await expect(fact(page, 'Heute noch möglich')).toHaveText('25 g von 25 g')
        await expect(fact(page, 'Diesen Monat noch möglich')).toHaveText('30 g von 30 g')
        // Auwald (16,4 % THC): no batch of it may go to her, and the form says why.
        await selectVariety(page, 'Auwald')
        await expect(page.getByLabel('Charge (Ernte)')).toHaveValue('')
        await expect(
          main(page).getByText(
            /THC: Mitglieder zwischen 18 und 20 Jahren dürfen nur Cannabis mit höchstens 10 % THC erhalten\./,
          ),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
        await submitHandout(page, 'Elsterflut', '20')
        await recordNumber(page)
        await expect(main(page)).toContainText(member)
        await expect(main(page)).toContainText('20 g')
        await expectNoSeriousViolations(page)
      })

      let number = ''
      await test.step('The 26th gram of the day is refused with what remains; 5 g go out', async () => {
        await main(page).getByRole('link', { name: 'Neue Abgabe' }).click()
        await expect(page).toHaveURL(/\/abgabe\/neu$/)
        await waitForHydratedForm(page)
        await chooseMember(page, member)
        await expect(fact(page, 'Jetzt höchstens')).toHaveText('5 g')
        await submitHandout(page, 'Elsterflut', '10')
        await expect(
          main(page)
            .getByText(
              'Das überschreitet die Tageshöchstmenge von 25 g: Heute sind noch 5 g möglich.',
            )
            .first(),
        ).toBeVisible()
        await expect(page).toHaveURL(/\/abgabe\/neu$/)
        await expectNoSeriousViolations(page)
        await page.getByLabel('Menge in g').fill('5')
        await page.getByRole('button', { name: 'Abgabe erfassen' }).click()
        number = await recordNumber(page)
      })

      await test.step('Print the label of the hand-out with its batch code', async () => {
        await expect(page.getByRole('heading', { name: 'Abgabedokumentation' })).toBeVisible()
        await page.getByLabel('Etikett 62 mm').check()
        await expect(page.getByLabel('Etikett 62 mm')).toBeChecked()
        const label = page.getByRole('article', { name: 'Etikett' })
        await expect(label).toContainText('Elsterflut')
        await expect(label).toContainText('5 g')
        await expect(label).toContainText('THC')
        await expect(label).toContainText('Grüne Ecke')
        const code = label.getByText(/^BW-CHARGE:/)
        await expect(code).toBeVisible()
        const parsed = parsePackCode(((await code.textContent()) ?? '').trim())
        const batchNumber = parsed.ok ? parsed.code.batchNumber : undefined
        expect(batchNumber, 'the code names the batch').toMatch(/^ER-\d{4}-\d{5}$/)
        await expect(
          label.getByRole('img', { name: `QR-Code: Chargencode der Charge ${batchNumber}` }),
        ).toBeVisible()
        await expect(
          page.getByRole('img', { name: `QR-Code: Link zur Abgabe ${number} für das Team` }),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
      })

      await test.step("The member's page shows the day used up and 5 g left this month", async () => {
        await page.goto(memberUrl)
        await expect(page.getByRole('heading', { level: 1, name: member })).toBeVisible()
        await expect(fact(page, 'Heute noch möglich')).toHaveText('0 g von 25 g')
        await expect(fact(page, 'Diesen Monat noch möglich')).toHaveText('5 g von 30 g')
        await expect(
          page.getByRole('table', { name: 'Letzte Abgaben an das Mitglied' }),
        ).toContainText(number)
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
      })

      await test.step("An adult's 50 g month refuses more than remains", async () => {
        // Jonas Richter (demo): 46 of 50 g this month on earlier days; the refusal writes nothing.
        await openNewHandout(page, 'Jonas Richter')
        await expect(main(page).getByText('ab 21 Jahren', { exact: true })).toBeVisible()
        await expect(fact(page, 'Diesen Monat noch möglich')).toContainText('von 50 g')
        const now = ((await fact(page, 'Jetzt höchstens').textContent()) ?? '').replace(' g', '')
        const more = String(decimal(now) + 1).replace('.', ',')
        await submitHandout(page, 'Auwald', more)
        await expect(
          main(page)
            .getByText(
              new RegExp(
                `Das überschreitet die (Monatshöchstmenge von 50 g|Tageshöchstmenge von 25 g): .* sind noch ${now} g möglich\\.`,
              ),
            )
            .first(),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
      })

      await test.step("Record a harvest of the club's own cultivation", async () => {
        await page.goto('/inventory')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
        await main(page)
          .getByRole('link', { name: /Ernte erfassen/ })
          .first()
          .click()
        await expect(page.getByRole('heading', { level: 1, name: 'Ernte erfassen' })).toBeVisible()
        await waitForHydratedForm(page)
        await expectNoSeriousViolations(page)
        const variety = page.getByLabel('Sorte', { exact: true })
        const elsterflut = variety.locator('option', { hasText: 'Elsterflut' })
        await variety.selectOption((await elsterflut.getAttribute('value')) ?? '')
        await expect(page.getByLabel('Erntedatum')).toHaveValue(today)
        await page.getByLabel('Trockengewicht in g').fill(String(harvestGrams))
        await page.getByLabel('THC in %').fill('9,4')
        await page.getByLabel('Mindesthaltbar bis').fill(addCalendarDays(today, 300))
        await page.getByRole('button', { name: 'Ernte erfassen' }).click()
        await expect(page).toHaveURL(/\/inventory\/batches\/[0-9a-f-]{36}$/)
        await expect(
          page.getByRole('heading', { level: 1, name: /^Charge ER-\d{4}-\d{5}$/ }),
        ).toBeVisible()
        await expect(main(page).getByText('Eigene Ernte')).toBeVisible()
        await expect(fact(page, 'Bestand')).toHaveText(harvestShown)
        // It waits in quarantine for its lab report before anything of it is handed out.
        await expect(main(page).getByText('Quarantäne', { exact: true })).toBeVisible()
        await expect(page.getByText(/^Ernte ER-\d{4}-\d{5} ist erfasst/)).toBeVisible()
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
      })

      await test.step('Download the annual report (§ 26 KCanG) and read it', async () => {
        await page.goto('/abgabe')
        await waitForHydratedPage(page)
        const report = page.getByRole('region', { name: 'Jahresbericht' })
        await expect(report).toBeVisible()
        const year = await report.getByLabel('Jahr').inputValue()
        expect(year).toBe(today.slice(0, 4))
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          report.getByRole('button', { name: /CSV/ }).click(),
        ])
        expect(download.suggestedFilename()).toBe(`abgabe-jahresbericht-${year}.csv`)
        const rows = (await readFile(await download.path(), 'utf8'))
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/)
          .map((line) => line.split(';'))
        const header = rows[0] ?? []
        const column = (row: string[], name: string) => decimal(row[header.indexOf(name)])
        const row = rows.find((cells) => cells[0] === 'Elsterflut')
        if (!row) throw new Error('no Elsterflut row in the annual report')
        // Today's 25 g are in it, and the harvest just recorded.
        expect(column(row, 'Abgaben')).toBeGreaterThanOrEqual(2)
        expect(column(row, 'Menge (g)')).toBeGreaterThanOrEqual(25)
        expect(column(row, 'Geerntet (g)')).toBeGreaterThanOrEqual(harvestGrams)
        // The stock book balances: opening + harvested − handed out − destroyed ± corrections.
        const closing =
          column(row, 'Bestand 1.1. (g)') +
          column(row, 'Geerntet (g)') -
          column(row, 'Abgegeben laut Bestandsbuch (g)') -
          column(row, 'Vernichtet (g)') +
          column(row, 'Korrekturen (g)')
        expect(column(row, 'Bestand 31.12. (g)')).toBeCloseTo(closing, 3)
        const served = rows.find((cells) => cells[0] === 'Mitglieder mit Abgaben')
        expect(decimal(served?.[1])).toBeGreaterThanOrEqual(3)
        await expectNoSeriousViolations(page)
      })

      expect(errors).toEqual([])
    })
  })
}
