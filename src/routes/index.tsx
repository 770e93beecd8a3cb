import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Blattwerk – Plattform für den Cannabis-Handel' }] }),
  component: LandingPage,
})

function LandingPage() {
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-display font-semibold text-brand-900">Blattwerk</h1>
      <p className="mt-4 text-lg text-ink-muted">
        Warenwirtschaft und Online-Shop für Apotheken, Großhändler, Hersteller und
        Anbauvereinigungen.
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-medium text-white"
      >
        Zur Anmeldung
      </Link>
    </main>
  )
}
