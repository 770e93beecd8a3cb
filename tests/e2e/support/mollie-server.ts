import { startFakeMollie } from '../../support/fake-mollie'

/**
 * Playwright's global setup: the fake Mollie API on E2E_MOLLIE_PORT (the app's
 * MOLLIE_API_ENDPOINT points at it); its checkout pages "pay" in the browser.
 */
export default async function startMollieServer() {
  const fake = await startFakeMollie({ apiPort: Number(process.env.E2E_MOLLIE_PORT) })
  return () => fake.close()
}
