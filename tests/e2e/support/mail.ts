import { expect } from '@playwright/test'
import type { CapturedMail } from '../../support/mail-capture'

type ReceivedMail = Omit<CapturedMail, 'headers'>

/** Waits until a mail that matches has arrived at the capture server (see mail-server.ts). */
export async function waitForMail(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}/`)
        const mails = (await response.json()) as ReceivedMail[]
        found = mails.find(match)
        return found !== undefined
      },
      { timeout: 20_000, message: 'no matching mail arrived' },
    )
    .toBe(true)
  return found as ReceivedMail
}

/** The path of the token link in a mail, e.g. `/confirmation/<token>` or `/invitation/<token>`. */
export function confirmationPath(
  mail: ReceivedMail,
  page: 'confirmation' | 'invitation' = 'confirmation',
): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+(/${page}/[A-Za-z0-9_-]{43})`))
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`)
  return match[1]
}
