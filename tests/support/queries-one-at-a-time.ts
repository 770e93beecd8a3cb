import { afterAll, expect } from 'vitest'
import { overlappingQueriesWarning } from './server'

/**
 * pg warns when a query is sent on a connection that is still busy with others: queries of one
 * transaction started side by side (a `Promise.all` over `tx`). They only queue up behind each
 * other, and pg 9 will refuse them. Node prints a deprecation once per process; each test file
 * runs in a process of its own, so every file that does it fails here.
 */
const overlapping: string[] = []
process.on('warning', (warning) => {
  if (
    warning.name === 'DeprecationWarning' &&
    warning.message.includes(overlappingQueriesWarning)
  ) {
    overlapping.push(warning.stack ?? warning.message)
  }
})

afterAll(() => {
  expect(overlapping, 'queries sent side by side on one connection').toEqual([])
})
