import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({ component: EmptyPage })

function EmptyPage() {
  return (
    <main>
      <h1>Leere Seite</h1>
      <p>Eine Seite von TanStack Start ohne Daten, ohne Stil und ohne eigenen Code.</p>
    </main>
  )
}
