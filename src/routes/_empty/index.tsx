import { createFileRoute, redirect } from '@tanstack/react-router'
import { LandingPage } from '~/features/home/LandingPage'

export const Route = createFileRoute('/_empty/')({
  // A shop's own address opens its shop; the product's landing page is for the main domain.
  beforeLoad: ({ context }) => {
    if (context.tenant?.config) throw redirect({ to: '/shop' })
  },
  head: () => ({ meta: [{ title: 'Blattwerk – Plattform für den Cannabis-Handel' }] }),
  component: LandingPage,
})
