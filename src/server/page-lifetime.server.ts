import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * How long the page being rendered stays true, for the page cache (ADR 082): the render runs in
 * `withPageLifetime`, and every data source that knows when its answer changes unannounced calls
 * `pageChangesAt`. Apart from the page cache nothing reads it.
 */
const renderLifetime = new AsyncLocalStorage<{ validUntil: number }>()

/** Runs `render` with a lifetime that starts at `validUntil` and that data sources shorten. */
export function withPageLifetime<T>(
  lifetime: { validUntil: number },
  render: () => Promise<T>,
): Promise<T> {
  return renderLifetime.run(lifetime, render)
}

/**
 * Tells a cached render that something it shows changes unannounced at `until` (ms since the
 * epoch): its copy ends then. Outside a render that fills the cache, nothing happens.
 */
export function pageChangesAt(until: number): void {
  const lifetime = renderLifetime.getStore()
  if (lifetime && until < lifetime.validUntil) lifetime.validUntil = until
}
