import { renderToStaticMarkup } from 'react-dom/server'
import type { LegalText } from '~/server/legal.server'
import { LegalMarkdown } from './LegalMarkdown'

/** A legal text as its page shows it: drawn from its Markdown here, on the server. */
export interface RenderedLegalText {
  publisher: string
  /** Markup React drew from `LegalMarkdown`'s allowed elements, its text escaped. */
  html: string
}

/**
 * The Markdown parser is 37 KB gzip, and the legal pages are public pages whose own JavaScript
 * has a 20 KB budget (ADR 029); their text only changes when its owner saves it. So the server
 * draws it with the same `LegalMarkdown` the settings' preview uses, and the page shows the
 * markup: no raw HTML from the text survives (`skipHtml`, an element whitelist, safe link targets),
 * and React escapes every text node.
 */
export function renderLegalText(text: LegalText): RenderedLegalText {
  return {
    publisher: text.publisher,
    html: renderToStaticMarkup(<LegalMarkdown source={text.markdown} />),
  }
}
