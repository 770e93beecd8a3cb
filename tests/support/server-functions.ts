import { createHash } from 'node:crypto'
import { toJSONAsync } from 'seroval'

/** Start names a built server function by the SHA-256 of `<file>--<export>_createServerFn_handler`. */
export function serverFunctionPath(file: string, exportName: string): string {
  const id = createHash('sha256').update(`${file}--${exportName}_createServerFn_handler`)
  return `/_serverFn/${id.digest('hex')}`
}

/** A server function's JSON body as Start's client sends it: `{ data }` serialized by seroval. */
export async function serverFunctionBody(data: unknown): Promise<string> {
  return JSON.stringify(await toJSONAsync({ data }))
}

/** Start's CSRF check wants proof of a same-origin call; a browser sends this header. */
export const sameOriginHeaders = { 'sec-fetch-site': 'same-origin' }
