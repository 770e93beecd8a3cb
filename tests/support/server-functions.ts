import { toJSONAsync } from 'seroval'

/** A server function's JSON body as Start's client sends it: `{ data }` serialized by seroval. */
export async function serverFunctionBody(data: unknown): Promise<string> {
  return JSON.stringify(await toJSONAsync({ data }))
}

/** What the browser's call carries: Start's client header and proof of a same-origin call. */
export const browserCallHeaders = { 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin' }
