import { useHydrated } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

// The check (its query, schema and icons) is loaded after hydration, off the first load of every page.
const NewVersionNotice = lazy(() => import('./NewVersionNotice'))

/** Offers a reload once a newer build is deployed; never blocks the page. */
export function VersionBanner() {
  // Checks only in the browser, after hydration, so server and first client render agree.
  const hydrated = useHydrated()

  // The live region stays in the page, so screen readers announce the text when it appears.
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4"
    >
      {hydrated && (
        <Suspense fallback={null}>
          <NewVersionNotice />
        </Suspense>
      )}
    </div>
  )
}
