import { Link } from '@tanstack/react-router'
import type { ShopFinderResult } from '~/lib/shop-finder'
import { HomeFooter, HomeHeader } from '../shell/HomeLayouts'
import type { IconComponent } from '../shell/icons'
import { SkipLink } from '../shell/SkipLink'
import { ClipboardListIcon, FileTextIcon, LeafIcon } from '../ui/page-icons'
import { BoxesIcon, HandHeartIcon, PillIcon, StoreIcon, TruckIcon } from './home-icons'
import { ShopFinder } from './ShopFinder'

const audiences: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: PillIcon,
    title: 'Apotheken',
    text: 'Rezepte, Chargen und Abgaben dokumentieren – mit eigenem Online-Shop für deine Patientinnen und Patienten.',
  },
  {
    icon: TruckIcon,
    title: 'Großhandel und Import',
    text: 'Einkauf, Wareneingang und Belieferung von Apotheken mit lückenloser Chargenverfolgung.',
  },
  {
    icon: LeafIcon,
    title: 'Hersteller und Anbau',
    text: 'Produkte, Analysezertifikate und Abfüllprotokolle an einem Ort.',
  },
  {
    icon: HandHeartIcon,
    title: 'Anbauvereinigungen',
    text: 'Mitglieder verwalten und Abgaben an der Ausgabe sicher und nachvollziehbar erfassen.',
  },
]

const features: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: BoxesIcon,
    title: 'Bestand nach Charge',
    text: 'Jeder Eingang und jede Abgabe verbucht, jederzeit auskunftsfähig.',
  },
  {
    icon: ClipboardListIcon,
    title: 'Abfüllprotokolle',
    text: 'Abfüllen und Umverpacken Schritt für Schritt dokumentiert.',
  },
  {
    icon: FileTextIcon,
    title: 'Dokumente',
    text: 'Lieferscheine, Rechnungen und Zertifikate direkt am Vorgang.',
  },
  {
    icon: StoreIcon,
    title: 'Eigener Shop',
    text: 'Blüten, Extrakte und Rezeptkonfigurator unter deiner Adresse, Bezahlung mit Mollie.',
  },
]

/** The product's landing page on the main domain, with the finder for the pharmacies' shops. */
export function LandingPage({ q, shops }: { q: string; shops: ShopFinderResult }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <HomeHeader />
      <main id="main" className="flex-1">
        <section className="bg-brand-50">
          <div className="mx-auto max-w-6xl px-page py-20">
            <h1 className="max-w-3xl text-display font-semibold text-brand-900">
              Die Plattform für den Cannabis-Handel in Deutschland
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-ink-muted">
              Warenwirtschaft, Dokumentation und Online-Shop für Apotheken, Großhändler, Hersteller
              und Anbauvereinigungen – in einer Anwendung, die an der Ausgabe genauso funktioniert
              wie im Büro.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/login"
                className="rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700"
              >
                Zur Anmeldung
              </Link>
              <Link
                to="/contact"
                className="rounded-lg border border-brand-600 px-5 py-3 font-medium text-brand-700 hover:bg-brand-100"
              >
                Vorführung anfragen
              </Link>
            </div>
          </div>
        </section>
        <ShopFinder q={q} result={shops} />
        <section aria-labelledby="audiences-title" className="mx-auto max-w-6xl px-page py-16">
          <h2 id="audiences-title" className="text-2xl font-semibold text-ink">
            Für alle, die mit Cannabis arbeiten
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {audiences.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-card border border-border p-6">
                <Icon className="size-8 text-brand-600" />
                <h3 className="mt-4 font-semibold text-ink">{title}</h3>
                <p className="mt-2 text-sm text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="features-title" className="bg-surface-muted">
          <div className="mx-auto max-w-6xl px-page py-16">
            <h2 id="features-title" className="text-2xl font-semibold text-ink">
              Was Blattwerk für dich erledigt
            </h2>
            <ul className="mt-8 grid gap-8 sm:grid-cols-2">
              {features.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <Icon className="size-6 shrink-0 text-brand-600" />
                  <div>
                    <h3 className="font-semibold text-ink">{title}</h3>
                    <p className="mt-1 text-ink-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-10">
              <Link to="/news/online-shop" className="font-medium text-brand-700 hover:underline">
                Neu: der Online-Shop für deine Apotheke →
              </Link>
            </p>
          </div>
        </section>
      </main>
      <HomeFooter />
    </div>
  )
}
