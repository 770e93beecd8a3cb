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

/**
 * The route tree without the back office, which the browser's entry holds (ADR 085): built from
 * the generated tree by vite.config.ts; on the server, the generated tree itself. Typed as the
 * full tree, whose routes it holds in part.
 */
declare module '*routeTree.gen?public' {
  export const routeTree: typeof import('~/routeTree.gen').routeTree
}
