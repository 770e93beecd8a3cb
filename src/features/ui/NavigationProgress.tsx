import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Navigations faster than this show no bar: a flash would draw the eye for nothing. */
const showDelayMs = 150

/**
 * A thin bar at the top of the page while the router loads the next page. The shop passes its
 * tenant's accent colour, which stands out on the tenant-coloured header.
 */
export function NavigationProgress({ barClassName = 'bg-brand-600' }: { barClassName?: string }) {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!loading) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), showDelayMs)
    return () => clearTimeout(timer)
  }, [loading])

  if (!visible) return null
  return (
    <div
      role="progressbar"
      aria-label="Seite wird geladen"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden"
    >
      <div
        className={`h-full w-1/3 animate-nav-progress motion-reduce:w-full motion-reduce:animate-none ${barClassName}`}
      />
    </div>
  )
}
