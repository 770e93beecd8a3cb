import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { isAccessDenied } from './features/session/guard'

/**
 * Start's default client entry, plus one rule: a guard's access denial is an answer (the 403 page
 * the layout's error boundary shows), not a fault, so the browser console stays quiet about it.
 * React logs every other error an error boundary catches, as before.
 */
function reportCaughtError(error: unknown) {
  if (!isAccessDenied(error)) console.error(error)
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
    { onCaughtError: reportCaughtError },
  )
})
