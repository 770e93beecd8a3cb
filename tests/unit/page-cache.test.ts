import { describe, expect, it } from 'vitest'
import { withScriptHashes } from '~/server/page-cache.server'

const nonce = 'Zm9vYmFyYmF6cXV4MTIzNA=='

describe('the cached copy of a render', () => {
  it('drops the nonce and lists by hash only the inline scripts that carried it', () => {
    const html =
      `<head><meta property="csp-nonce" content="${nonce}"/>` +
      `<link rel="stylesheet" href="/a.css" nonce="${nonce}"/>` +
      `<script nonce="${nonce}">one()</script>` +
      `<script type="module" async="" src="/assets/index.js" nonce="${nonce}"></script></head>` +
      // Markup that got into the page without the nonce: blocked before, blocked in the copy.
      '<body><p>x</p><script>injected()</script>' +
      `<script nonce="${nonce}">one()</script><script nonce="${nonce}">two()</script></body>`
    const copy = withScriptHashes(html, nonce)
    expect(copy?.html).toBe(
      '<head><link rel="stylesheet" href="/a.css"/><script>one()</script>' +
        '<script type="module" async="" src="/assets/index.js"></script></head>' +
        '<body><p>x</p><script>injected()</script><script>one()</script><script>two()</script></body>',
    )
    expect(copy?.scriptHashes).toEqual([
      "'sha256-HR7iaask9daLMRRskMI++QeJtjWDOjyPA6lGzYGzKW4='",
      "'sha256-iMrPAWirDC2X0OhZzLsM2MRIWSmepJGI4r7D8ZlwBOw='",
    ])
  })

  it('is not made when the nonce shows up anywhere but in the attributes it removes', () => {
    const html = `<script nonce="${nonce}">const n = "${nonce}"</script>`
    expect(withScriptHashes(html, nonce)).toBeNull()
  })
})
