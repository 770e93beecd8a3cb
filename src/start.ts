import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { serverFnErrors } from './features/server-fn/errors.middleware'
import { failureSerialization } from './features/server-fn/failure-serialization'

/**
 * Start's global middleware. Declaring this file replaces Start's default, so the CSRF check of
 * server functions (Origin / Sec-Fetch-Site) is added here explicitly.
 */
export const startInstance = createStart(() => ({
  requestMiddleware: [createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
  functionMiddleware: [serverFnErrors],
  serializationAdapters: [failureSerialization],
}))
