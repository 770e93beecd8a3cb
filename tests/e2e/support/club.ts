import { expect, type Page } from '@playwright/test'
import { waitForHydratedPage } from './session'

/** Grüne Ecke e.V. (seed-ids.server.ts). */
export const demoClubId = '00000000-0000-4000-8000-000000000003'

/**
 * The board (a page logged in as the club's owner) links the team account `userName` to the
 * member whose option reads `memberLabel`, or removes the link for `''` (§ 19 Abs. 2 KCanG: only
 * members hand out). Answers the member id linked before, `''` for none, so a spec can put it back.
 */
export async function linkClubClerk(
  board: Page,
  userName: string,
  member: { label: string } | { id: string },
): Promise<string> {
  await board.goto(`/organisations/${demoClubId}?tab=team`)
  await waitForHydratedPage(board)
  await board.getByRole('button', { name: `Mitglied von ${userName} verknüpfen` }).click()
  const dialog = board.getByRole('dialog', { name: `Mitglied von ${userName}` })
  const select = dialog.getByLabel('Mitglied')
  const before = await select.inputValue()
  const value =
    'id' in member
      ? member.id
      : ((await select.locator('option', { hasText: member.label }).getAttribute('value')) ?? '')
  await select.selectOption(value)
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(dialog).toBeHidden()
  return before
}
