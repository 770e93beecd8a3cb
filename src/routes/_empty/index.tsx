import { createFileRoute, redirect } from '@tanstack/react-router'
import { LandingPage } from '~/features/home/LandingPage'
import { OrganisationHomePage } from '~/features/home/OrganisationHomePage'

export const Route = createFileRoute('/_empty/')({
  // A shop's own address opens its shop; the product's landing page is for the main domain.
  beforeLoad: ({ context }) => {
    if (context.tenant?.hasShop) throw redirect({ to: '/shop' })
  },
  head: ({ match }) => ({
    meta: [
      {
        title:
          match.context.hostOrganisation?.name ?? 'Blattwerk – Plattform für den Cannabis-Handel',
      },
    ],
  }),
  component: StartPage,
})

/** The main domain's landing page, or the organisation's own page on its host (a club's). */
function StartPage() {
  const { hostOrganisation } = Route.useRouteContext()
  return hostOrganisation ? (
    <OrganisationHomePage organisation={hostOrganisation} />
  ) : (
    <LandingPage />
  )
}
