import type { ComponentProps } from 'react'
import Markdown from 'react-markdown'
import remarkBreaks from 'remark-breaks'

/**
 * A shop's Impressum, Datenschutz, AGB or Widerrufsbelehrung as its owner wrote it in Markdown.
 * Raw HTML is dropped, not escaped into view (`skipHtml`), only text elements are drawn and link
 * targets other than http(s), mailto and tel are removed: a text can style itself, never run code
 * or embed anything on the shop's pages.
 */
const allowedElements = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'br',
  'hr',
  'blockquote',
]

const safeUrl = (url: string) => (/^(https?:|mailto:|tel:)/i.test(url) ? url : '')

/** The page's title is the one h1: `#` in a text becomes h2, and so on down. */
const components: ComponentProps<typeof Markdown>['components'] = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} rel="noopener noreferrer nofollow" />,
}

export function LegalMarkdown({ source }: { source: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-ink [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4">
      <Markdown
        // A line break typed into the form stays one (an address in the Impressum).
        remarkPlugins={[remarkBreaks]}
        skipHtml
        allowedElements={allowedElements}
        unwrapDisallowed
        urlTransform={safeUrl}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  )
}
