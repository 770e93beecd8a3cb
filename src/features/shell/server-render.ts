import { useRouter } from '@tanstack/react-router'

/** Facts of the server render that the browser keeps: the request id the error page quotes. */
export interface ServerRender {
  requestId: string | null
}

/** The request id of the server render, as the server logged it; null for browser-side errors. */
export function useServerRequestId(): string | null {
  return useRouter().options.context.serverRender.requestId
}
