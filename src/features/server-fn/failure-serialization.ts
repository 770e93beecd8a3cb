import { createSerializationAdapter } from '@tanstack/react-router'
import { type Failure, FailureError } from '~/lib/failure'

/**
 * Registered in src/start.ts: how a `FailureError` is written and read by Start's serializer. Kept
 * beside the server-function middleware, not in lib, which imports nothing from the UI packages.
 */
export const failureSerialization = createSerializationAdapter({
  key: 'blattwerk-failure',
  test: (value): value is FailureError => value instanceof FailureError,
  toSerializable: (failure) => failure.toFailure(),
  fromSerializable: (failure: Failure) => new FailureError(failure),
})
