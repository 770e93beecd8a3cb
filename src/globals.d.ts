declare const __APP_VERSION__: string
declare const __BUILD_ID__: string

/** Start's lookup of the built server functions by id (a virtual module of its Vite plugin). */
declare module '#tanstack-start-server-fn-resolver' {
  export function getServerFnById(
    id: string,
    access: { origin: 'client' | 'server' },
  ): Promise<((...args: unknown[]) => Promise<unknown>) & { method?: 'GET' | 'POST' }>
}

/**
 * Start's build manifest (a virtual module of its Vite plugin). The production build adds
 * `routeChunks` to it (vite.config.ts); the dev server's has none.
 */
declare module 'tanstack-start-manifest:v' {
  export const routeChunks: (() => Record<string, string[]>) | undefined
}
