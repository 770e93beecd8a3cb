import type { LegalText } from '~/server/legal.server'
import { LegalMarkdown } from './LegalMarkdown'

export function LegalPage({ title, text }: { title: string; text: LegalText }) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-ink-muted">{text.publisher}</p>
      <div className="mt-8">
        <LegalMarkdown source={text.markdown} />
      </div>
    </article>
  )
}
