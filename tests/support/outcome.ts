import { DomainError } from '~/server/errors.server'

/** `ok`, or the status of the domain error a service refused with; anything else is thrown on. */
export async function outcomeOf(work: Promise<unknown>): Promise<'ok' | number> {
  try {
    await work
    return 'ok'
  } catch (error) {
    if (error instanceof DomainError) return error.status
    throw error
  }
}
