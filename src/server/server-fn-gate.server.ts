import { fromJSON } from 'seroval'
import { errorResponse, invalidJsonMessage, methodNotAllowedMessage } from './http.server'

export const unknownServerFunctionMessage = 'Diese Funktion gibt es nicht.'
export const invalidCallMessage = 'Die Anfrage ist kein gültiger Aufruf dieser Funktion.'
export const invalidPayloadParamMessage = 'Der Parameter „payload“ enthält kein gültiges JSON.'

/** The serialized `{ data, context }` of a call; anything else is refused. */
function isSerializedPayload(json: unknown): boolean {
  try {
    // Without plugins: inputs are plain data, never streams or errors.
    const payload: unknown = fromJSON(json as Parameters<typeof fromJSON>[0], { plugins: [] })
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
  } catch {
    return false
  }
}

function parseJson(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) }
  } catch {
    return null
  }
}

/**
 * Whether the server build has a function of this id (Start's own lookup, as its handler does).
 * Loaded on first use: the module exists only in a build, and tests import the edge without one.
 */
async function serverFunctionOf(id: string) {
  if (!id) return null
  try {
    const { getServerFnById } = await import('#tanstack-start-server-fn-resolver')
    return await getServerFnById(id, { origin: 'client' })
  } catch {
    return null
  }
}

async function isFormData(request: Request, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    await new Request(request.url, { method: 'POST', headers: request.headers, body }).formData()
    return true
  } catch {
    return false
  }
}

const formTypes = ['multipart/form-data', 'application/x-www-form-urlencoded']

/** Why the input of a call is refused: it is not what Start's client sends. */
async function inputRefusal(
  request: Request,
  url: URL,
  method: 'GET' | 'POST',
  body: Uint8Array<ArrayBuffer> | null,
): Promise<Response | null> {
  // Start picks how to read the input by this header, whatever the method, and as it is spelt.
  const contentType = request.headers.get('content-type') ?? ''
  const isForm = formTypes.some((type) => contentType.includes(type))
  if (method === 'GET') {
    if (isForm) return errorResponse(400, invalidCallMessage)
    const payload = url.searchParams.get('payload')
    if (payload === null) return null
    const parsed = parseJson(payload)
    if (!parsed) return errorResponse(400, invalidPayloadParamMessage)
    return isSerializedPayload(parsed.json) ? null : errorResponse(400, invalidCallMessage)
  }

  const bytes = body ?? new Uint8Array(0)
  if (isForm) {
    return (await isFormData(request, bytes)) ? null : errorResponse(400, invalidCallMessage)
  }
  if (contentType.includes('application/json')) {
    const parsed = parseJson(new TextDecoder().decode(bytes))
    if (!parsed) return errorResponse(400, invalidJsonMessage)
    return isSerializedPayload(parsed.json) ? null : errorResponse(400, invalidCallMessage)
  }
  // Start reads no other body: the call would run without the input that was sent.
  return body ? errorResponse(400, invalidCallMessage) : null
}

/**
 * Checks a server-function call over HTTP before Start's handler sees it, which would answer
 * each of these with a 500 and its internal message: the function must exist (404), be called
 * with its method (405), and its input — the JSON body, a form body, or the `payload` parameter
 * of a GET call — must be what Start's client sends, with its header (400). Answers the
 * refusal, or null.
 *
 * @param id the path segment after the server-function base
 * @param body the request body the edge has read (null: none)
 */
export async function refuseServerFunctionCall(
  request: Request,
  url: URL,
  id: string,
  body: Uint8Array<ArrayBuffer> | null,
): Promise<Response | null> {
  const serverFunction = await serverFunctionOf(id)
  if (!serverFunction) return errorResponse(404, unknownServerFunctionMessage)
  const method = serverFunction.method ?? 'POST'
  if (request.method !== method) {
    return errorResponse(405, methodNotAllowedMessage, { headers: { Allow: method } })
  }
  const refusal = await inputRefusal(request, url, method, body)
  if (refusal) return refusal
  // Without it Start hands a result that is no object (a null, say) to the server as if it were
  // the response, and fails.
  return request.headers.get('x-tsr-serverfn') === 'true'
    ? null
    : errorResponse(400, invalidCallMessage)
}
