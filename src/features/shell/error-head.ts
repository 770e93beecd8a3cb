import { isAccessDenied } from '../session/guard'
import { pageHead } from './page-head'

/** The tab title of a layout whose guard or page failed; nothing while it works. */
export function layoutErrorHead({ match }: { match: { status: string; error?: unknown } }) {
  if (match.status !== 'error') return {}
  return pageHead(isAccessDenied(match.error) ? 'Zugriff verweigert' : 'Interner Serverfehler')
}
