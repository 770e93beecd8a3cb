import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { failureSerialization } from '~/features/server-fn/failure-serialization'
import { FailureError, failureOf } from '~/lib/failure'
import {
  ConflictError,
  describeFailure,
  InvalidError,
  internalErrorMessage,
  invalidInputOf,
} from '~/server/errors.server'

const quietLogger = () => ({ error: vi.fn() })

describe('describeFailure, the one mapper of thrown errors', () => {
  it('keeps a domain error’s status, German message, field errors and headers, and logs nothing', () => {
    const logger = quietLogger()
    const conflict = new ConflictError('Die Charge ist bereits freigegeben.', {
      batch: 'Schon frei',
    })
    expect(describeFailure(conflict, { requestId: 'req-1', logger })).toEqual({
      status: 409,
      message: 'Die Charge ist bereits freigegeben.',
      errors: { batch: 'Schon frei' },
      headers: undefined,
    })
    expect(logger.error).not.toHaveBeenCalled()
  })

  it('answers a zod error as 400 with one message per field', () => {
    const result = z.object({ name: z.string().min(2, 'Zu kurz') }).safeParse({ name: 'x' })
    const failure = describeFailure(result.error, { requestId: 'req-2', logger: quietLogger() })
    expect(failure).toMatchObject({ status: 400, errors: { name: 'Zu kurz' } })
  })

  it('logs anything else with the request id and answers only a generic message', () => {
    const logger = quietLogger()
    const crash = new Error('insert into "users" values ($1) failed: invalid byte sequence')
    const failure = describeFailure(crash, { requestId: 'req-3', logger })
    expect(failure).toEqual({ status: 500, message: internalErrorMessage, requestId: 'req-3' })
    expect(JSON.stringify(failure)).not.toContain('insert')
    expect(logger.error).toHaveBeenCalledWith(
      { err: crash, requestId: 'req-3' },
      expect.any(String),
    )
  })
})

describe('invalidInputOf, a server function validator mismatch', () => {
  it('turns the issues Start reports into field errors', () => {
    const issues = [
      { message: 'Bitte gib deinen Benutzernamen ein.', path: ['username'] },
      { message: 'Ungültig', path: [{ key: 'items' }, 0, 'quantity'] },
    ]
    const invalid = invalidInputOf(new Error(JSON.stringify(issues)))
    expect(invalid).toBeInstanceOf(InvalidError)
    expect(invalid?.extra.errors).toEqual({
      username: 'Bitte gib deinen Benutzernamen ein.',
      'items.0.quantity': 'Ungültig',
    })
  })

  it('leaves other errors alone', () => {
    expect(invalidInputOf(new Error('connection refused'))).toBeNull()
    expect(invalidInputOf(new Error('[]'))).toBeNull()
    expect(invalidInputOf(new TypeError(JSON.stringify([{ message: 'x', path: [] }])))).toBeNull()
  })
})

describe('FailureError across the wire', () => {
  it('serialises to exactly the failure fields and reads back as the same class', () => {
    const sent = new FailureError({ status: 401, message: 'Bitte anmelden.' })
    expect(failureSerialization.test(sent)).toBe(true)
    const wire = failureSerialization.toSerializable(sent)
    expect(wire).toEqual({ status: 401, message: 'Bitte anmelden.' })
    const received = failureSerialization.fromSerializable(wire)
    expect(received).toBeInstanceOf(FailureError)
    expect(failureOf(received)).toEqual({ status: 401, message: 'Bitte anmelden.' })
  })

  it('makes anything unknown a generic failure', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toMatchObject({ status: 0 })
  })
})
