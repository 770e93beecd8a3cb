import type { ReactNode } from 'react'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { areas, type PlaceholderArea } from './areas'

/** A screen whose business function comes later: what it is for, and an honest empty state. */
export function AreaPage({ area, children }: { area: PlaceholderArea; children?: ReactNode }) {
  const { title, description, icon, emptyTitle, emptyText } = areas[area]
  return (
    <>
      <PageHeader title={title} description={description} />
      {children}
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    </>
  )
}

/** The same for pages in the empty layout, which brings no frame of its own. */
export function StandaloneAreaPage(props: { area: PlaceholderArea; children?: ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-5xl px-page py-10">
      <AreaPage {...props} />
    </main>
  )
}
