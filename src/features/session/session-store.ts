import { Store } from '@tanstack/react-store'
import type { AccessSession } from '~/lib/access-rules'
import type { AccountType, B2bUser, B2cUser } from '~/lib/auth-api'

export interface SessionState {
  user: B2bUser | B2cUser | null
  loggedIn: boolean
  accessToken: string | null
  accountType: AccountType | ''
  /** Whether the refresh cookie was already tried since the page loaded; a visitor is not asked twice. */
  restoreAttempted: boolean
}

export interface EstablishedSession {
  user: B2bUser | B2cUser
  accessToken: string
  accountType: AccountType
}

export const emptySession: SessionState = {
  user: null,
  loggedIn: false,
  accessToken: null,
  accountType: '',
  restoreAttempted: false,
}

/** One store per router: per request on the server, one per tab in the browser. */
export function createSessionStore(initial: SessionState = emptySession) {
  return new Store<SessionState>(initial)
}

export type SessionStore = ReturnType<typeof createSessionStore>

export function sessionFrom(established: EstablishedSession | null): SessionState {
  return established
    ? { ...established, loggedIn: true, restoreAttempted: true }
    : { ...emptySession, restoreAttempted: true }
}

export const isBusinessUser = (user: SessionState['user']): user is B2bUser =>
  user !== null && 'organisation' in user

/** The part of the session the access rules look at. */
export function accessSessionOf(state: SessionState): AccessSession {
  if (!state.loggedIn || !state.user) return null
  if (isBusinessUser(state.user)) {
    return {
      accountType: 'b2b',
      role: state.user.role,
      organisationCategory: state.user.organisation.category,
    }
  }
  return { accountType: 'b2c' }
}
