import { useRouter } from '@tanstack/react-router'
import { useStore } from '@tanstack/react-store'
import { endSession } from './session'
import type { SessionState } from './session-store'

export function useSession(): SessionState {
  return useStore(useRouter().options.context.session, (state) => state)
}

/** Logs out; business users land on the login, shop customers on the shop. */
export function useLogout(): () => Promise<void> {
  const router = useRouter()
  return async () => {
    const { session, api, queryClient } = router.options.context
    const { accountType } = session.state
    await endSession(session, (path) => api.request(path, { method: 'DELETE' }))
    // Nothing of the ended session may stay cached; the tenant is the host's, not the user's.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'tenant' })
    await router.navigate({ to: accountType === 'b2c' ? '/shop' : '/login' })
  }
}
