import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { BrandMark } from '../shell/BrandMark'
import { useHostOrganisation, useTenant } from '../shell/host'
import { LegalLinks } from '../shell/LegalLinks'

/** Whose login this is: the shop's logo and name, the organisation's name, or the product's. */
function HostMark() {
  const config = useTenant()?.config
  const organisation = useHostOrganisation()
  const name = config?.shopName ?? organisation?.name
  if (!name) return <BrandMark />
  return (
    <Link to="/" className="flex items-center gap-3 text-lg font-semibold text-ink">
      {config?.logoUrl && (
        <img
          src={config.logoUrl}
          alt=""
          className="size-10 rounded-md border border-border bg-white object-contain"
        />
      )}
      {name}
    </Link>
  )
}

/** The centred card of the login and the pages around it. */
export function AuthFrame({
  title,
  intro,
  children,
}: {
  title: string
  intro: string
  children: ReactNode
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-surface-muted px-4 py-12"
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <HostMark />
        </div>
        <div className="rounded-card border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-ink">{title}</h1>
          <p className="mt-1 text-sm text-ink-muted">{intro}</p>
          <div className="mt-6">{children}</div>
        </div>
        <LegalLinks className="mt-6 flex justify-center text-sm text-ink-muted" />
      </div>
    </main>
  )
}
