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

// zod compiles object parsers with `new Function` when it may; the page's CSP forbids eval, and
// even zod's probe for it is reported as a policy violation. The interpreted parsers are enough.
// zod keeps its settings in this global, shared by every copy of it (zod/v4/core `config()`); set
// here, the entry does not load zod on pages that never parse.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
    { onCaughtError: reportCaughtError },
  )
})
