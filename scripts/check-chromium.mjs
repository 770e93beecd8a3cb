// Playwright drives the system Chromium and never downloads a browser; say how to get one if it is missing.
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    [
      `No Chromium found at ${chromium}; the end-to-end tests need one.`,
      'Install it with:   sudo apt-get install chromium',
      'or, on a machine with internet access:   npx playwright install chromium',
      '  and point CHROMIUM_PATH at the browser it installed.',
    ].join('\n'),
  )
  process.exit(1)
}
