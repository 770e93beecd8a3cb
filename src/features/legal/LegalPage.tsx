import type { RenderedLegalText } from './legal-html.server'

export function LegalPage({ title, text }: { title: string; text: RenderedLegalText }) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-ink-muted">{text.publisher}</p>
      <div
        className="mt-8"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by React on the server from the text's allowed elements (legal-html.server.tsx)
        dangerouslySetInnerHTML={{ __html: text.html }}
      />
    </article>
  )
}
