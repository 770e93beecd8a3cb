import { describe, expect, it } from 'vitest'
import { renderLegalText } from '~/features/legal/legal-html.server'

/** The legal pages show markup the server drew from the owner's Markdown; none of it may run. */
describe('a legal text drawn on the server', () => {
  const draw = (markdown: string) =>
    renderLegalText({ publisher: 'Sonnen-Apotheke', markdown }).html

  it('draws the text elements, one heading level below the page title', () => {
    const html = draw('# Geltung\n\nGilt für **alle** Bestellungen.\n\n- eins\n- zwei')
    expect(html).toContain('<h2>Geltung</h2>')
    expect(html).toContain('<p>Gilt für <strong>alle</strong> Bestellungen.</p>')
    expect(html).toContain('<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>')
  })

  it('keeps a typed line break, as in an address', () => {
    expect(draw('Sonnenallee 12\n12045 Berlin')).toContain(
      '<p>Sonnenallee 12<br/>\n12045 Berlin</p>',
    )
  })

  it('drops raw HTML, images and links that would run code', () => {
    const html = draw(
      [
        '<script>alert(1)</script>',
        'Text <img src=x onerror="alert(2)"> mit <b onclick="alert(3)">HTML</b>',
        '![Bild](https://example.com/a.png)',
        '[Klick](javascript:alert(4)) und [Daten](data:text/html,<script>alert(5)</script>)',
        '<iframe src="https://example.com"></iframe>',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/i)
    expect(html).not.toMatch(/onerror|onclick|javascript:|data:text/i)
    expect(html).toContain('Klick')
  })

  it('escapes what looks like markup in the text', () => {
    expect(draw('5 &lt; 6 und a <= b')).not.toContain('<=')
  })

  it('keeps web, mail and phone links, opened without the shop as referrer', () => {
    const html = draw(
      '[Register](https://www.example.com/register) [Mail](mailto:a@example.com) [Tel](tel:+49301234567)',
    )
    expect(html).toContain(
      '<a href="https://www.example.com/register" rel="noopener noreferrer nofollow">Register</a>',
    )
    expect(html).toContain('href="mailto:a@example.com"')
    expect(html).toContain('href="tel:+49301234567"')
  })
})
