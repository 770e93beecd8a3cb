import { SlidersHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './buttons'
import { MenuDrawer } from './MenuDrawer'

/**
 * A list's filters: inline beside the search on wider screens (and without JavaScript, where the
 * drawer's button could not open anything), behind a "Filter" button on a phone.
 */
export function ListFilters({ active, children }: { active: number; children: ReactNode }) {
  return (
    <>
      <FilterDrawer active={active}>{children}</FilterDrawer>
      <div className="contents max-md:hidden max-md:noscript:contents">{children}</div>
    </>
  )
}

/**
 * A list's filters on a phone: a "Filter" button beside the search opens them in a sheet from the
 * right, so the list starts right under the search. Wider screens show the filters inline (and so
 * does a browser without JavaScript, where the button could not open anything). A filter applies
 * as soon as it is chosen; "Liste anzeigen" closes the sheet.
 */
function FilterDrawer({
  active,
  children,
}: {
  /** How many filters are set, shown on the button. */
  active: number
  children: ReactNode
}) {
  return (
    <MenuDrawer
      triggerClassName="inline-flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm font-medium text-ink shadow-sm hover:bg-surface-muted md:hidden noscript:hidden"
      triggerContent={
        <>
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filter
          {active > 0 && (
            <span className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold text-white">
              {active}
              <span className="sr-only"> gesetzt</span>
            </span>
          )}
        </>
      }
      side="right"
      title="Filter"
      description="Die Liste eingrenzen; jede Wahl gilt sofort."
      closeLabel="Filter schließen"
      contentClassName="flex flex-col gap-6 overflow-y-auto bg-surface p-4"
      closeClassName="text-ink-muted hover:bg-surface-muted"
    >
      {(close) => (
        <>
          <p className="pr-10 text-lg font-semibold text-ink" aria-hidden="true">
            Filter
          </p>
          <div className="flex flex-col gap-4 [&_select]:w-full [&_input]:w-full">{children}</div>
          <Button className="mt-auto" onClick={close}>
            Liste anzeigen
          </Button>
        </>
      )}
    </MenuDrawer>
  )
}
