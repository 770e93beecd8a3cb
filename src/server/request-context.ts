/** What the server entry knows about a request before any route runs; handlers get it as `context`. */
export interface RequestContext {
  requestId: string
  /** Address of the client as the Node server saw it (or the trusted proxy reported it). */
  clientIp: string
  /**
   * Fresh per request: the page's Content-Security-Policy allows exactly the scripts that carry it
   * (the router stamps it on the scripts it renders).
   */
  cspNonce: string
}

/** Who is calling, as the services that count or record it need it. */
export interface Caller {
  ip: string
  requestId: string | null
}

export const callerOf = (context: RequestContext): Caller => ({
  ip: context.clientIp,
  requestId: context.requestId,
})
