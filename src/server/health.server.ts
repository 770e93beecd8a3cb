import type { App } from './app.server'

/** The database answers within two seconds, or the process is not healthy. */
export async function checkHealth(app: App): Promise<boolean> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('database ping timed out')), 2_000).unref(),
  )
  try {
    await Promise.race([app.database.ping(), timeout])
    return true
  } catch (error) {
    app.logger.warn({ err: error }, 'health check failed')
    return false
  }
}
