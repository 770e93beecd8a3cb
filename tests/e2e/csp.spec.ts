import { createHash } from 'node:crypto'
import { get, type IncomingHttpHeaders } from 'node:http'
import { forbiddenMessage } from '../../src/lib/access-rules'
import { isSameDocument, markDocument } from './support/page'
import { logInBusiness, tenantOrigin, waitForHydratedPage } from './support/session'
import { expect, type Page, type Response, test } from './support/test'

/** Chromium reports every blocked script or style as a console error naming the policy. */
function collectCspErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      errors.push(message.text())
    }
  })
  return errors
}

/**
 * Reports in the console, as a policy error, every violation the page's own code causes without
 * Chromium printing one (zod's caught probe for `new Function`, for one).
 */
async function reportQuietViolations(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violated: ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`,
      ),
    ),
  )
}

/** The `script-src` directive of a page response and the nonce it allows. */
function scriptPolicyOf(response: Response) {
  const policy = response.headers()['content-security-policy'] ?? ''
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))
  const nonce = scriptSrc?.match(/'nonce-([A-Za-z0-9+/_-]+={0,2})'/)?.[1] ?? null
  return { scriptSrc: scriptSrc?.trim() ?? '', nonce }
}

/** Asserts that the page's CSP allows scripts only by nonce and that every script carries it. */
async function expectEveryScriptNonced(response: Response | null, expectedStatus: number) {
  if (!response) throw new Error('no response')
  expect(response.status()).toBe(expectedStatus)
  const { scriptSrc, nonce } = scriptPolicyOf(response)
  expect(scriptSrc).not.toContain("'unsafe-inline'")
  expect(nonce, scriptSrc).not.toBeNull()
  const html = await response.text()
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? []
  expect(scriptTags.length).toBeGreaterThan(0)
  expect(scriptTags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([])
  return nonce
}

/**
 * Asserts that a page from the page cache (ADR 082) carries no nonce and that its policy admits
 * exactly its inline scripts, by hash.
 */
async function expectEveryInlineScriptHashed(response: Response | null) {
  if (!response) throw new Error('no response')
  expect(response.status()).toBe(200)
  expect(['hit', 'stale']).toContain(response.headers()['x-page-cache'])
  const { scriptSrc } = scriptPolicyOf(response)
  expect(scriptSrc).not.toMatch(/nonce|unsafe-inline/)
  const html = await response.text()
  expect(html).not.toContain('nonce')
  const inlineHashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes?.includes('src='))
    .map(
      ([, , content]) =>
        `'sha256-${createHash('sha256')
          .update(content ?? '')
          .digest('base64')}'`,
    )
  expect(inlineHashes.length).toBeGreaterThan(0)
  expect(scriptSrc.split(' ').slice(1).sort()).toEqual(["'self'", ...new Set(inlineHashes)].sort())
}

/** An anonymous GET of `url`, from Node (it cannot resolve `*.localhost`, the browser can). */
function getAnonymously(url: string): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port, pathname, search } = new URL(url)
  const headers = { host: `${hostname}:${port}` }
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: `${pathname}${search}`, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      )
    }).on('error', reject)
  })
}

/** A page the page cache answers: asked for until a render's copy is kept. */
async function cachedPage(page: Page, url: string) {
  await expect.poll(async () => (await getAnonymously(url)).headers['x-page-cache']).toBe('hit')
  return page.goto(url)
}

test('every page response allows scripts only by a fresh nonce that all its scripts carry', async ({
  page,
  baseURL,
}) => {
  const firstNonce = await expectEveryScriptNonced(await page.goto('/login'), 200)
  const secondNonce = await expectEveryScriptNonced(await page.reload(), 200)
  expect(firstNonce).not.toBe(secondNonce)
  // At least 128 bits of randomness.
  expect(Buffer.from(firstNonce ?? '', 'base64').length).toBeGreaterThanOrEqual(16)

  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await expectEveryInlineScriptHashed(await cachedPage(page, `${shop}/shop`))
  await expectEveryScriptNonced(await page.goto('/nope'), 404)

  // Logged-in pages embed the access token in their hydration data.
  await page.goto('/login')
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expectEveryScriptNonced(await page.reload(), 200)
  await expectEveryScriptNonced(await page.goto('/admin'), 403)

  // Other responses are no documents; they need no policy.
  const health = await page.request.get('/api/health')
  expect(health.headers()['content-security-policy']).toBeUndefined()
})

test('pages hydrate and navigate under the policy without a violation', async ({
  page,
  baseURL,
}) => {
  const cspErrors = collectCspErrors(page)
  await reportQuietViolations(page)

  // Logging in through the form needs the hydrated page.
  await page.goto('/login')
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(/\/dashboard$/)
  // A server-rendered page of the logged-in user hydrates too: the navigation stays in the page.
  await page.reload()
  // The load event does not mean React has hydrated: a navigation before that is a full load.
  await waitForHydratedPage(page)
  await markDocument(page)
  await page.getByRole('link', { name: 'Kunden' }).click()
  await expect(page).toHaveURL(/\/customers$/)
  expect(await isSameDocument(page)).toBe(true)

  await page.goto('/admin')
  await expect(page.getByText(forbiddenMessage)).toBeVisible()
  await page.goto('/nope')
  await expect(page.getByText('Page Not Found: /nope')).toBeVisible()

  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/shop`)
  // The load event does not mean React has hydrated: a navigation before that is a full load.
  await waitForHydratedPage(page)
  await markDocument(page)
  await page.getByRole('link', { name: 'Blüten', exact: true }).click()
  await expect(page).toHaveURL(`${shop}/blueten`)
  await expect(page.getByRole('link', { name: 'Blüten', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  expect(await isSameDocument(page)).toBe(true)

  expect(cspErrors).toEqual([])
})

test('an injected inline script without the nonce does not run', async ({ page }) => {
  const cspErrors = collectCspErrors(page)
  // Stored markup that slipped into the page: the response keeps its own policy.
  await page.route('**/login', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-encoding']
    delete headers['content-length']
    const html = (await response.text()).replace(
      '</head>',
      '<script>window.injectedScriptRan = true</script></head>',
    )
    await route.fulfill({ response, headers, body: html })
  })
  await page.goto('/login')
  expect(await page.evaluate(() => 'injectedScriptRan' in window)).toBe(false)
  expect(cspErrors.some((error) => error.includes('inline script'))).toBe(true)
  // The page's own scripts still run: the login form is hydrated.
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(/\/dashboard$/)

  // The same for a script an injection adds to the live page.
  const violatedDirective = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve(event.effectiveDirective),
        )
        const script = document.createElement('script')
        script.textContent = 'window.injectedScriptRan = true'
        // An inline script that is allowed runs right when it is appended.
        document.body.append(script)
        if ('injectedScriptRan' in window) resolve('none: the script ran')
      }),
  )
  expect(violatedDirective).toBe('script-src-elem')
  expect(await page.evaluate(() => 'injectedScriptRan' in window)).toBe(false)
})

test('a page from the page cache hydrates and navigates; a script injected into it does not run', async ({
  page,
  baseURL,
}) => {
  const cspErrors = collectCspErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  // The cache's copy as the server sends it, with markup slipped in that no render stamped.
  await page.route(`${shop}/blueten`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    const { headers, body } = await getAnonymously(route.request().url())
    expect(headers['x-page-cache']).toBe('hit')
    await route.fulfill({
      status: 200,
      headers: {
        'content-type': String(headers['content-type']),
        'content-security-policy': String(headers['content-security-policy']),
      },
      body: body.replace('</head>', '<script>window.injectedScriptRan = true</script></head>'),
    })
  })
  await cachedPage(page, `${shop}/blueten`)
  expect(await page.evaluate(() => 'injectedScriptRan' in window)).toBe(false)
  expect(cspErrors.some((error) => error.includes('inline script'))).toBe(true)
  cspErrors.length = 0

  // The copy's own scripts ran: the page is hydrated and navigates within the document.
  // The load event does not mean React has hydrated: a navigation before that is a full load.
  await waitForHydratedPage(page)
  await markDocument(page)
  await page.getByRole('link', { name: 'Extrakte', exact: true }).click()
  await expect(page).toHaveURL(`${shop}/extrakte`)
  expect(await isSameDocument(page)).toBe(true)
  expect(cspErrors).toEqual([])
})
