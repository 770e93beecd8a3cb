import { execFileSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './tests/e2e/support/chromium'

/** A port nobody listens on, found once when the config loads (the config cannot await). */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})"
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim())
}

// Workers load this config too; they must reuse the port and data directory the main process chose.
process.env.E2E_PORT ??= String(freePort())
process.env.E2E_SMTP_PORT ??= String(freePort())
process.env.E2E_MAIL_API_PORT ??= String(freePort())
process.env.E2E_MOLLIE_PORT ??= String(freePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'blattwerk-e2e-'))
// The tests know the server's signing key, so they can present a token that has just expired.
process.env.E2E_AUTH_PRIVATE_JWK ??= JSON.stringify(
  generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
)
const port = Number(process.env.E2E_PORT)

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder at the start: its own, so the PDFs the Vitest run left
  // in test-results/pdf and test-results/attachments stay for the reader of the run.
  outputDir: 'test-results/e2e',
  // Mail the app sends arrives at a capture server the tests read (tests/e2e/support/mail.ts);
  // online payments go to the fake Mollie server (tests/support/fake-mollie.ts).
  globalSetup: ['./tests/e2e/support/mail-server.ts', './tests/e2e/support/mollie-server.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every test CPU time on a two-core machine, and CI keeps no files:
    // ask for one when reproducing a failure locally (PLAYWRIGHT_TRACE=1 npm run test:e2e).
    trace: process.env.PLAYWRIGHT_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/start.mjs --no-build',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_PRIVATE_JWK: process.env.E2E_AUTH_PRIVATE_JWK,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Every shop offers online payment, paid at the fake Mollie (self-signed TLS, see there).
      MOLLIE_API_ENDPOINT: `https://127.0.0.1:${process.env.E2E_MOLLIE_PORT}/v2/`,
      MOLLIE_API_KEY: 'test_EndToEndEndToEndEndToEnd1234',
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
    },
  },
})
