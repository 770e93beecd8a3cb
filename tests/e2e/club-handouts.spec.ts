import { readFile } from 'node:fs/promises'
import { describeUndrawn, keepPdf, pageText, undrawnCharacters } from '../support/pdf-rendering'
import { expectAccessibleAfterToast, expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A clerk of Grüne Ecke hands out to Frieda Scholz (20, near her monthly limit of 30 g) exactly
 * what remains, opens the printable record with its QR code, and sees the next gram refused with
 * what remains. A hand-out to Jonas Richter is entered by keyboard alone. The counter refuses
 * what the KCanG forbids: a clerk whose account is not a member's until the board links it on the
 * team page, a member without the declarations, a restricted member; the statutes' minimum
 * membership holds at the exit day.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const main = (page: Page) => page.getByRole('main')
/** Frieda Scholz, 20 (seed-customers.server.ts). */
const friedaScholz = '00000000-0000-4000-8000-00000000a21e'
/** Paul Schröder and Felix Schwarz, members since about three months (seed-customers.server.ts). */
const paulSchroeder = '00000000-0000-4000-8000-00000000a203'
const felixSchwarz = '00000000-0000-4000-8000-00000000a205'
/** Grüne Ecke e.V. (seed-ids.server.ts). */
const club = '00000000-0000-4000-8000-000000000003'
const memberOptions = (page: Page) =>
  page.getByRole('listbox', { name: 'Passende Mitglieder' }).getByRole('option')

/** The amount the member card shows under `label`, as typed into the form ("2,5"). */
async function gramsShown(page: Page, label: string): Promise<string> {
  const value = page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd')
  const text = (await value.innerText()).trim()
  const grams = /^([\d.,]+) g/.exec(text)?.[1]
  if (!grams) throw new Error(`no grams in "${text}"`)
  return grams
}

async function chooseMember(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Mitglied suchen' }).fill(name)
  await expect(memberOptions(page)).toHaveCount(1)
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
}

test('a club clerk hands out up to the limit and the next gram is refused with what remains', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Abgabe', exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Abgaben' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Abgaben' })).toContainText('Frieda Scholz')
  await expectNoSeriousViolations(page)

  await main(page).getByRole('link', { name: 'Neue Abgabe' }).click()
  await expect(page).toHaveURL(/\/abgabe\/neu$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Abgabe' })).toBeVisible()
  await waitForHydratedForm(page)
  await chooseMember(page, 'Frieda Scholz')
  await expect(main(page).getByText('18 bis 20 Jahre', { exact: true })).toBeVisible()
  await expect(
    page.locator('dt', { hasText: /^Diesen Monat noch möglich$/ }).locator('+ dd'),
  ).toContainText('von 30 g')
  const remaining = await gramsShown(page, 'Jetzt höchstens')
  expect(Number(remaining.replace(',', '.'))).toBeGreaterThan(0)
  await expectNoSeriousViolations(page)

  // An 18- to 20-year-old may receive only the variety with at most 10 % THC.
  await page.getByLabel('Sorte').selectOption({ label: 'Elsterflut' })
  await expect(page.getByLabel('Charge (Ernte)')).not.toHaveValue('')
  await page.getByLabel('Menge in g').fill(remaining)
  await page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft').check()
  await page.getByRole('button', { name: 'Abgabe erfassen' }).click()

  await expect(page).toHaveURL(/\/abgabe\/[0-9a-f-]{36}$/)
  const heading = page.getByRole('heading', { level: 1, name: /^Abgabe AG-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()
  const number = ((await heading.textContent()) ?? '').replace('Abgabe ', '')
  await expect(page.getByRole('heading', { name: 'Abgabedokumentation' })).toBeVisible()
  await expect(main(page)).toContainText('Frieda Scholz')
  await expect(main(page)).toContainText(`${remaining} g`)
  await expect(main(page)).toContainText('Elsterflut')
  await expect(
    page.getByRole('img', { name: `QR-Code: Link zur Abgabe ${number} für das Team` }),
  ).toBeVisible()
  await expect(page.getByRole('article', { name: 'Etikett' })).toContainText('THC')
  await expect(main(page)).toContainText('Sucht & Drogen Hotline')
  await page.getByLabel('Etikett 62 mm').check()
  await expectAccessibleAfterToast(page, `Abgabe ${number} ist erfasst.`)

  await main(page).getByRole('link', { name: 'Neue Abgabe' }).click()
  await expect(page).toHaveURL(/\/abgabe\/neu$/)
  await waitForHydratedForm(page)
  await chooseMember(page, 'Frieda Scholz')
  await expect(page.locator('dt', { hasText: /^Jetzt höchstens$/ }).locator('+ dd')).toHaveText(
    '0 g',
  )
  await page.getByLabel('Sorte').selectOption({ label: 'Elsterflut' })
  await page.getByLabel('Menge in g').fill('1')
  await page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft').check()
  await page.getByRole('button', { name: 'Abgabe erfassen' }).click()
  await expect(
    page.getByText(/Das überschreitet die (Tages|Monats)höchstmenge .*sind noch 0 g möglich\./),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/abgabe\/neu$/)
  await expectNoSeriousViolations(page)

  await page.goto('/abgabe')
  await expect(
    page.getByRole('table', { name: 'Abgaben' }).locator('tbody tr').first(),
  ).toContainText(number)

  // The member page shows the counter's view: age class, nothing left, the hand-out just made.
  await page.goto(`/customers/${friedaScholz}`)
  const handoutsCard = page.getByRole('region', { name: 'Abgaben' })
  await expect(handoutsCard.getByText('18 bis 20 Jahre', { exact: true })).toBeVisible()
  await expect(
    handoutsCard.locator('dt', { hasText: /^Jetzt höchstens$/ }).locator('+ dd'),
  ).toHaveText('0 g')
  await expect(
    handoutsCard.getByRole('table', { name: 'Letzte Abgaben an das Mitglied' }),
  ).toContainText(number)
  await expect(page.getByRole('heading', { name: 'Bestellungen' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Kundenkonto im Shop' })).toHaveCount(0)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('a hand-out is entered by keyboard alone', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/abgabe/neu')
  await waitForHydratedForm(page)
  const search = page.getByRole('combobox', { name: 'Mitglied suchen' })
  await tabTo(page, search)
  await page.keyboard.type('Jonas Richter')
  // The search has answered for the typed name (the matches before it stay while it runs).
  await expect(memberOptions(page)).toHaveCount(1)
  await expect(page.getByRole('option', { name: /Jonas Richter/ })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 3, name: 'Jonas Richter' })).toBeVisible()
  await expect(main(page).getByText('ab 21 Jahren', { exact: true })).toBeVisible()

  await tabTo(page, page.getByLabel('Sorte'))
  await page.keyboard.type('Auwald')
  await expect(page.getByLabel('Sorte')).toHaveValue(/[0-9a-f-]{36}/)
  await expect(page.getByLabel('Charge (Ernte)')).not.toHaveValue('')
  await tabTo(page, page.getByLabel('Menge in g'))
  await page.keyboard.type('1')
  await tabTo(page, page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft'))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Abgabe erfassen' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/abgabe\/[0-9a-f-]{36}$/)
  await expect(main(page)).toContainText('Jonas Richter')
  await expect(main(page)).toContainText('1 g')

  // A mistake is cancelled with a reason; the record stays, marked cancelled.
  await page.getByRole('button', { name: 'Stornieren' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByLabel('Grund der Stornierung').fill('Falsche Sorte gewählt')
  await dialog.getByRole('button', { name: 'Stornieren' }).click()
  await expect(dialog).toBeHidden()
  await expect(main(page).getByText('Storniert', { exact: true })).toBeVisible()
  await expect(main(page)).toContainText('Falsche Sorte gewählt')
  await expect(page.getByRole('button', { name: 'Stornieren' })).toHaveCount(0)
})

test('the hand-out record prints readably, as an A4 sheet and as a label', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/abgabe')
  await page
    .getByRole('table', { name: 'Abgaben' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Abgabedokumentation' })).toBeVisible()
  // What the browser's print dialog would save: Chromium's PDF of the print layout.
  for (const [format, pageSize, name] of [
    ['A4-Blatt', 'size: A4', 'hand-out-record-a4'],
    ['Etikett 62 mm', 'size: 62mm', 'hand-out-record-label'],
  ] as const) {
    // The choice takes effect once the page has hydrated.
    await expect(async () => {
      await page.getByLabel(format).check()
      const pageRule = await page.evaluate(
        (size) =>
          [...document.querySelectorAll('style')].some((style) =>
            style.textContent?.includes(size),
          ),
        pageSize,
      )
      expect(pageRule).toBe(true)
    }).toPass()
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
    await test
      .info()
      .attach(name, { path: await keepPdf(name, pdf), contentType: 'application/pdf' })
    expect(pageText(pdf)).toContain('Grüne Ecke')
    expect(describeUndrawn(undrawnCharacters(pdf))).toBe('')
    // What goes with every hand-out (§ 21 KCanG): the label refers to the information sheet.
    expect(pageText(pdf)).toContain(
      format === 'A4-Blatt' ? 'Wechselwirkungen mit Medikamenten' : 'siehe beiliegende',
    )
  }
})

test('a hand-out of an earlier day is not cancelled any more', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/abgabe?sort=handedOutAt&dir=asc&status=active')
  await page
    .getByRole('table', { name: 'Abgaben' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Abgabedokumentation' })).toBeVisible()
  await expect(main(page)).toContainText('Mindesthaltbar bis')
  await expect(main(page)).toContainText('Stornieren lässt sich eine Abgabe nur am Tag der Abgabe.')
  await expect(page.getByRole('button', { name: 'Stornieren' })).toHaveCount(0)
})

test('the annual report downloads as CSV and PDF from the hand-out list', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/abgabe')
  await waitForHydratedForm(page)
  const report = page.getByRole('region', { name: 'Jahresbericht' })
  await expect(report).toBeVisible()
  const year = await report.getByLabel('Jahr').inputValue()
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: /CSV/ }).click(),
  ])
  expect(csv.suggestedFilename()).toBe(`abgabe-jahresbericht-${year}.csv`)
  const text = await readFile(await csv.path(), 'utf8')
  expect(text.startsWith('\uFEFFSorte;Abgaben;Menge (g)')).toBe(true)
  // § 26 Abs. 3 KCanG: harvested, destroyed and the year-end stock per variety, too.
  expect(text).toContain('Geerntet (g);Abgegeben laut Bestandsbuch (g);Vernichtet (g)')
  expect(text).toContain('Bestand 31.12. (g)')
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: /PDF/ }).click(),
  ])
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-')
  await expectNoSeriousViolations(page)
})

test('the counter refuses what the KCanG forbids; the board links the clerk on the team page', async ({
  browser,
}) => {
  const board = await (await browser.newContext()).newPage()
  const clerk = await (await browser.newContext()).newPage()
  const errors = [...watchPageErrors(board), ...watchPageErrors(clerk)]
  await openBackOffice(board, 'verein', 'verein-demo-2026')
  await openBackOffice(clerk, 'vereinsteam', 'vereinsteam-demo-2026')
  const clerkNotMember = /Abgeben dürfen nur Mitglieder des Vereins/

  // § 19 Abs. 2 KCanG: Mara Lindner's account is no member's yet, so she hands out nothing.
  await clerk.goto('/abgabe/neu')
  await waitForHydratedForm(clerk)
  await chooseMember(clerk, 'Jonas Richter')
  await expect(main(clerk).getByText(clerkNotMember).first()).toBeVisible()

  // The board links her account to her member record on the team page.
  await board.goto(`/organisations/${club}?tab=team`)
  const team = board.getByRole('table', { name: /^Mitglieder von / })
  await expect(team.getByRole('columnheader', { name: 'Mitglied im Verein' })).toBeVisible()
  await expect(team.getByRole('row').filter({ hasText: 'Mara Lindner' })).toContainText(
    'nicht verknüpft',
  )
  await expectNoSeriousViolations(board)
  await board.getByRole('button', { name: 'Mitglied von Mara Lindner verknüpfen' }).click()
  const dialog = board.getByRole('dialog', { name: 'Mitglied von Mara Lindner' })
  const choice = dialog.getByLabel('Mitglied').locator('option', { hasText: 'Krüger, Julia' })
  await dialog.getByLabel('Mitglied').selectOption((await choice.getAttribute('value')) ?? '')
  await expectNoSeriousViolations(board)
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    board.getByText('Mara Lindner ist mit dem Mitglied verknüpft und darf abgeben.'),
  ).toBeVisible()
  await expect(team.getByRole('row').filter({ hasText: 'Mara Lindner' })).toContainText(
    'Krüger, Julia',
  )
  await clerk.reload()
  await waitForHydratedForm(clerk)
  await chooseMember(clerk, 'Jonas Richter')
  await expect(main(clerk).getByText('ab 21 Jahren', { exact: true })).toBeVisible()
  await expect(main(clerk).getByText(clerkNotMember)).toHaveCount(0)

  // § 16 Abs. 5 KCanG: the exit day respects the statutes' minimum membership.
  await board.goto(`/customers/${paulSchroeder}`)
  await expect(board.getByRole('heading', { level: 1, name: 'Paul Schröder' })).toBeVisible()
  await board.getByRole('link', { name: 'Bearbeiten' }).click()
  await waitForHydratedForm(board)
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  await board.getByLabel('Ausgetreten zum (optional)').fill(tomorrow)
  await board.getByRole('button', { name: 'Speichern' }).click()
  await expect(
    board.getByText(/Die Satzung sieht eine Mindestmitgliedschaft von \d+ Monaten vor/).first(),
  ).toBeVisible()
  // § 16 Abs. 2, 3 KCanG: without the declaration of no other club, nothing is handed out.
  await board.getByLabel('Ausgetreten zum (optional)').fill('')
  await board.getByLabel('Kein Mitglied einer anderen Anbauvereinigung, erklärt am').fill('')
  await board.getByRole('button', { name: 'Speichern' }).click()
  await expect(board.getByRole('heading', { level: 1, name: 'Paul Schröder' })).toBeVisible()
  await clerk.reload()
  await waitForHydratedForm(clerk)
  await chooseMember(clerk, 'Paul Schröder')
  await expect(
    main(clerk)
      .getByText(
        /Für Paul Schröder fehlt die Erklärung, keiner anderen Anbauvereinigung anzugehören/,
      )
      .first(),
  ).toBeVisible()

  // § 26 KCanG: a member asking to be forgotten while their records run is restricted, and the
  // counter finds them no more.
  await board.goto(`/customers/${felixSchwarz}`)
  await expect(board.getByRole('heading', { level: 1, name: 'Felix Schwarz' })).toBeVisible()
  await board.getByRole('button', { name: 'Anonymisieren' }).click()
  await board.getByRole('button', { name: 'Endgültig anonymisieren' }).click()
  await expect(board.getByText(/^Das Mitglied ist gesperrt: Seine Abgaben müssen/)).toBeVisible()
  await clerk.reload()
  await waitForHydratedForm(clerk)
  await clerk.getByRole('combobox', { name: 'Mitglied suchen' }).fill('Felix Schwarz')
  await expect(clerk.getByText('Kein passendes Mitglied gefunden.')).toBeVisible()
  expect(errors).toEqual([])
})
