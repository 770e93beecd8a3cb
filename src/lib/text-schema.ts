import { z } from 'zod'
import { maxSearchLength } from './list-query'

/**
 * The one way to declare a text field of a schema. Every text refuses C0 control characters —
 * above all NUL, which PostgreSQL cannot store — with a German message, so such input ends as a
 * 400 at the schema and never reaches the database. A test walks every schema of `src/lib` and
 * fails for a string field that takes a NUL byte, so build string fields here.
 */

export const controlCharacterMessage = 'Die Eingabe enthält unzulässige Steuerzeichen.'

/** Any C0 control character: U+0000–U+001F. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const singleLinePattern = /^[^\u0000-\u001f]*$/
/** C0 control characters except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/

export interface TextRules {
  /**
   * Removes surrounding whitespace before the rules apply: for what people type. Off for secrets
   * and tokens, which count exactly as sent, and for values the server hands out.
   */
  trim?: boolean
  /** Allows tab and line breaks (a text area); otherwise they are refused like other controls. */
  multiline?: boolean
  /** Message for a missing, non-string or empty value; without it an empty text is valid. */
  required?: string
  min?: number
  tooShort?: string
  max?: number
  tooLong?: string
}

export function text(rules: TextRules = {}) {
  let schema = z.string({ error: rules.required ?? 'Bitte einen Text eingeben.' })
  if (rules.trim) schema = schema.trim()
  // First, so that its message wins over the length rules for the field.
  schema = schema.regex(rules.multiline ? multiLinePattern : singleLinePattern, {
    error: controlCharacterMessage,
  })
  if (rules.required) schema = schema.min(1, rules.required)
  if (rules.min !== undefined) {
    schema = schema.min(
      rules.min,
      rules.tooShort ?? `Bitte mindestens ${rules.min} Zeichen eingeben.`,
    )
  }
  if (rules.max !== undefined) {
    schema = schema.max(
      rules.max,
      rules.tooLong ?? `Bitte höchstens ${rules.max} Zeichen eingeben.`,
    )
  }
  return schema
}

/** An e-mail address as people type it: trimmed, at most 254 characters, then the format. */
export function emailAddress(messages: { invalid: string; tooLong: string }) {
  return text({
    trim: true,
    required: messages.invalid,
    max: 254,
    tooLong: messages.tooLong,
  }).check(z.email({ error: messages.invalid }))
}

/**
 * A search as people type it: trimmed, and cut (not refused) at `maxSearchLength`, so a pasted
 * paragraph still finds something; control characters are refused like in any text.
 */
export const searchText = text({ trim: true }).transform((value) =>
  value.slice(0, maxSearchLength).trimEnd(),
)
