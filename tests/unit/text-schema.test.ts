import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { maxSearchLength } from '~/lib/list-query'
import { controlCharacterMessage, emailAddress, searchText, text } from '~/lib/text-schema'

// Every module of src/lib, so that a schema added later is checked without touching this test.
const libModules = import.meta.glob<Record<string, unknown>>('/src/lib/**/*.{ts,tsx}', {
  eager: true,
})

type AnySchema = z.core.$ZodType

const isSchema = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && '_zod' in value

type Step = [AnySchema, string]

/** The schemas directly inside one, each with the path that leads to it. */
// biome-ignore lint/suspicious/noExplicitAny: the walk reads zod's own definition objects
function innerSchemas(def: any, at: string): Step[] {
  switch (def.type) {
    case 'object':
      return [
        ...Object.entries(def.shape).map(
          ([key, value]): Step => [value as AnySchema, `${at}.${key}`],
        ),
        ...(def.catchall ? [[def.catchall, `${at}.*`] as Step] : []),
      ]
    case 'array':
      return [[def.element, `${at}[]`]]
    case 'set':
      return [[def.valueType, `${at}[]`]]
    case 'record':
    case 'map':
      return [
        [def.keyType, `${at}{key}`],
        [def.valueType, `${at}{value}`],
      ]
    case 'tuple':
      return [
        ...def.items.map((item: AnySchema, index: number): Step => [item, `${at}[${index}]`]),
        ...(def.rest ? [[def.rest, `${at}[...]`] as Step] : []),
      ]
    case 'union':
      return def.options.map((option: AnySchema, index: number): Step => [option, `${at}|${index}`])
    case 'intersection':
      return [
        [def.left, at],
        [def.right, at],
      ]
    case 'pipe':
      return [
        [def.in, at],
        [def.out, at],
      ]
    case 'lazy':
      return [[def.getter(), at]]
    default:
      // optional, nullable, default, readonly, catch, promise, …: the wrapped schema.
      return def.innerType ? [[def.innerType, at]] : []
  }
}

/** The string-typed schemas inside `schema`, each with the path that leads to it. */
function stringFields(schema: AnySchema, path: string) {
  const found: { path: string; schema: AnySchema }[] = []
  // Schemas on the way down, so a recursive (lazy) schema ends; shared fields count at each place.
  const ancestors = new Set<AnySchema>()
  const visit = ([current, at]: Step) => {
    if (ancestors.has(current)) return
    const { type } = current._zod.def
    if (type === 'string' || type === 'template_literal') {
      found.push({ path: at, schema: current })
      return
    }
    ancestors.add(current)
    for (const step of innerSchemas(current._zod.def, at)) visit(step)
    ancestors.delete(current)
  }
  visit([schema, path])
  return found
}

/** Values a string field may accept: plain letters of a fitting length, or a known format. */
function candidatesFor(schema: AnySchema): string[] {
  const { minimum, maximum } = schema._zod.bag as { minimum?: number; maximum?: number }
  const length = Math.min(maximum ?? 16, Math.max(minimum ?? 1, 16))
  return [
    'a'.repeat(length),
    'mara@example.com',
    '00000000-0000-4000-8000-000000000001',
    '#1f6f43',
    'sonnen-apotheke.localhost:3000',
    '2026-11-25T09:00:00.000Z',
    '2026-11-25',
    '12045',
    'DE',
    // Letterhead formats (organisation-settings.ts): tax number, VAT id, IBAN, BIC, website.
    '43/721/01234',
    'DE123456789',
    'DE89370400440532013000',
    'COBADEFFXXX',
    'www.example.de',
    // A register entry over https (tenant-config.ts: the mail-order register link).
    'https://register.example.de/eintrag/12345',
    // A commercial register number (organisation-settings.ts).
    'HRB 178234',
    // A full name (shop-reservations.ts: first and last name).
    'Mara Muster',
    // An adult's birth date (shop-accounts.ts) and a mail link's token (43 base64url characters).
    '1990-04-12',
    'A'.repeat(43),
    // A club's hand-out information names its four topics (handouts.ts); the NUL lands in the
    // padding and the dashes, not in a topic.
    'x Risiken Wechselwirkungen ---------- Dosierung Beratung x',
  ]
}

/** `value` with a NUL byte in place of its first, middle and last character (length unchanged). */
function withNul(value: string): string[] {
  const at = (index: number) => `${value.slice(0, index)}\u0000${value.slice(index + 1)}`
  return [at(0), at(Math.floor(value.length / 2)), at(value.length - 1)]
}

/** Paths of the string fields of `schema` that accept a value with a NUL byte, or cannot be judged. */
function fieldsTakingNul(schema: AnySchema, path: string): string[] {
  return stringFields(schema, path).flatMap((field) => {
    const accepted = candidatesFor(field.schema).find(
      (value) => z.safeParse(field.schema, value).success,
    )
    if (accepted === undefined) return [`${field.path} (no sample value fits: add one above)`]
    return withNul(accepted).some((value) => z.safeParse(field.schema, value).success)
      ? [field.path]
      : []
  })
}

const exportedSchemas = Object.entries(libModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnySchema] => isSchema(entry[1]))
    .map(([name, schema]) => ({ path: `${file.replace('/src/lib/', '')} ${name}`, schema })),
)

describe('string fields of the schemas in src/lib', () => {
  it('finds the exported schemas and their string fields', () => {
    const paths = exportedSchemas.flatMap(({ path, schema }) =>
      stringFields(schema, path).map((field) => field.path),
    )
    expect(paths).toEqual(
      expect.arrayContaining([
        'auth-api.ts b2bLoginRequestSchema.username',
        'auth-api.ts b2cLoginRequestSchema.email',
        'account-api.ts changePasswordRequestSchema.newPassword',
        'contact-api.ts contactRequestSchema.message',
        'session-api.ts loginInputSchema|1.password',
        'tenant-config.ts tenantConfigSchema.deliveryMethods[]|0.label',
        'auth-api.ts apiErrorSchema.errors{key}',
      ]),
    )
  })

  it('none accepts a NUL byte', () => {
    const offenders = exportedSchemas.flatMap(({ path, schema }) => fieldsTakingNul(schema, path))
    expect(offenders).toEqual([])
  })

  it('the check catches a plain z.string() and the builder fixes it', () => {
    const unsafe = z.object({ note: z.string().max(50), tags: z.array(z.string()).optional() })
    expect(fieldsTakingNul(unsafe, 'unsafe')).toEqual(['unsafe.note', 'unsafe.tags[]'])
    const safe = z.object({ note: text({ max: 50 }), tags: z.array(text()).optional() })
    expect(fieldsTakingNul(safe, 'safe')).toEqual([])
  })
})

describe('text', () => {
  const c0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code))
  const messageOf = (schema: AnySchema, value: unknown) => {
    const result = z.safeParse(schema, value)
    return result.success ? null : result.error.issues[0]?.message
  }

  it('refuses every C0 control character in a single-line text, with the German message', () => {
    const schema = text({ max: 100 })
    for (const control of c0) {
      expect(messageOf(schema, `a${control}b`), control.charCodeAt(0).toString(16)).toBe(
        controlCharacterMessage,
      )
    }
    expect(messageOf(schema, 'Größe 10 – ok ✓')).toBeNull()
  })

  it('allows tab and line breaks in a multi-line text, and no other control character', () => {
    const schema = text({ multiline: true, max: 100 })
    expect(messageOf(schema, 'Zeile 1\r\nZeile 2\n\tEingerückt')).toBeNull()
    for (const control of c0.filter((character) => !'\t\n\r'.includes(character))) {
      expect(messageOf(schema, `a${control}b`), control.charCodeAt(0).toString(16)).toBe(
        controlCharacterMessage,
      )
    }
  })

  it('trims first when asked, so surrounding tabs and newlines are no control characters', () => {
    expect(z.parse(text({ trim: true }), '\tName\n')).toBe('Name')
    expect(messageOf(text(), '\tName\n')).toBe(controlCharacterMessage)
    expect(z.parse(text(), '  Passwort  ')).toBe('  Passwort  ')
  })

  it('speaks German for missing, empty, short and long values; the control message comes first', () => {
    const schema = text({
      trim: true,
      required: 'Bitte gib deinen Namen ein.',
      min: 2,
      tooShort: 'Der Name ist zu kurz.',
      max: 5,
      tooLong: 'Der Name ist zu lang.',
    })
    expect(messageOf(schema, undefined)).toBe('Bitte gib deinen Namen ein.')
    expect(messageOf(schema, 42)).toBe('Bitte gib deinen Namen ein.')
    expect(messageOf(schema, '   ')).toBe('Bitte gib deinen Namen ein.')
    expect(messageOf(schema, 'M')).toBe('Der Name ist zu kurz.')
    expect(messageOf(schema, 'Mara Muster')).toBe('Der Name ist zu lang.')
    expect(messageOf(schema, `${'x'.repeat(10)}\u0000`)).toBe(controlCharacterMessage)

    expect(messageOf(text(), undefined)).toBe('Bitte einen Text eingeben.')
    expect(messageOf(text(), '')).toBeNull()
    expect(messageOf(text({ min: 3 }), 'ab')).toBe('Bitte mindestens 3 Zeichen eingeben.')
    expect(messageOf(text({ max: 3 }), 'abcd')).toBe('Bitte höchstens 3 Zeichen eingeben.')
  })
})

describe('searchText', () => {
  it('trims and cuts a long search instead of refusing it, and refuses control characters', () => {
    expect(z.parse(searchText, '  Blüte  ')).toBe('Blüte')
    expect(z.parse(searchText, `${'a'.repeat(maxSearchLength - 1)} b`)).toBe(
      'a'.repeat(maxSearchLength - 1),
    )
    expect(z.safeParse(searchText, 'Kim\u0000Kunde').error?.issues[0]?.message).toBe(
      controlCharacterMessage,
    )
  })
})

describe('emailAddress', () => {
  const schema = emailAddress({ invalid: 'Ungültig.', tooLong: 'Zu lang.' })

  it('trims, then checks control characters, length and format', () => {
    expect(z.parse(schema, ' mara@example.com ')).toBe('mara@example.com')
    const messageOf = (value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message
    expect(messageOf(undefined)).toBe('Ungültig.')
    expect(messageOf('')).toBe('Ungültig.')
    expect(messageOf('keine-adresse')).toBe('Ungültig.')
    expect(messageOf('mara@example.com\u0000')).toBe(controlCharacterMessage)
    expect(messageOf(`${'x'.repeat(250)}@example.com`)).toBe('Zu lang.')
  })
})
