import { describe, expect, it } from 'vitest'
import { appSecretFingerprint, createSecretBox, SealedValueError } from '~/server/secrets.server'

const secret = 'a'.repeat(43)

describe('secret box', () => {
  const box = createSecretBox(secret)

  it('opens what it sealed, and seals the same value differently each time', () => {
    const sealed = box.seal('test_abcdefghijklmnopqrstuvwxyz1234', 'tenant:1:mollie-api-key')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('abcdefghijklmnop')
    expect(box.open(sealed, 'tenant:1:mollie-api-key')).toBe('test_abcdefghijklmnopqrstuvwxyz1234')
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'))
  })

  it.each([
    [
      'another context (a key copied to another tenant)',
      (sealed: string) => box.open(sealed, 'tenant:2:mollie-api-key'),
    ],
    [
      'another secret',
      (sealed: string) => createSecretBox('b'.repeat(43)).open(sealed, 'tenant:1:mollie-api-key'),
    ],
    [
      'a changed byte',
      (sealed: string) =>
        box.open(
          // The second-to-last character carries whole bits (the last may have spare ones).
          `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`,
          'tenant:1:mollie-api-key',
        ),
    ],
    ['an unknown format', () => box.open('v0.abc', 'tenant:1:mollie-api-key')],
    ['a value too short', () => box.open('v1.abc', 'tenant:1:mollie-api-key')],
  ])('refuses to open with %s', (_case, open) => {
    const sealed = box.seal('test_abcdefghijklmnopqrstuvwxyz1234', 'tenant:1:mollie-api-key')
    expect(() => open(sealed)).toThrow(SealedValueError)
  })

  it('fingerprints a secret without revealing it', () => {
    expect(appSecretFingerprint(secret)).toBe(appSecretFingerprint(secret))
    expect(appSecretFingerprint(secret)).not.toBe(appSecretFingerprint('b'.repeat(43)))
    expect(appSecretFingerprint(secret)).not.toContain(secret.slice(0, 8))
  })
})
