import type { LegalText } from '~/server/legal.server'

export function LegalPage({ title, text }: { title: string; text: LegalText }) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-ink-muted">{text.publisher}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-ink">
        {text.paragraphs.map((paragraph) => (
          <p key={paragraph} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  )
}
