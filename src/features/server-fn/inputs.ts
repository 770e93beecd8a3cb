import { z } from 'zod'
import { isUuid } from '~/lib/ids'
import { searchText } from '~/lib/text-schema'

/**
 * The validators of server functions. Every call's input must have the shape its function takes,
 * or the call ends with 400 and German field messages before its handler (and the service's
 * authorisation) runs. Ids and searches are read here; what a service parses with the shared
 * schemas itself (a form's fields) passes on as sent (`passedOn`, `objectInput`) and gets its field messages
 * there. Start runs validators on the server only: none of this reaches the browser's bundle.
 */

export const inputShapeMessage = 'Die Anfrage hat nicht die erwartete Form.'

/** A call that takes no input. */
export const noInput = z.undefined({ error: 'Dieser Aufruf nimmt keine Eingaben.' })

/** An input object with these fields; others are dropped. */
export const inputOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: inputShapeMessage })

const anyObject = z.looseObject({}, { error: inputShapeMessage })

/** An input object the service parses as a whole; `Input` is what callers send. */
export const objectInput = <Input extends object>() =>
  anyObject as unknown as z.ZodType<Record<string, unknown>, Input>

/** A field the service parses with its own schema; `Input` is what callers send. */
export const passedOn = <Input>() => z.unknown().optional() as z.ZodType<unknown, Input>

/**
 * A record's id. Text that is no id becomes '', which the services answer like an unknown id
 * (404: an old or mistyped link); a value that is no text at all is refused.
 */
export const recordId = z
  .string({ error: 'Die Kennung muss ein Text sein.' })
  .transform((value) => (isUuid(value) ? value : ''))

/** `{ id }`: the input of a call about one record. */
export const idInput = inputOf({ id: recordId })

/** `{ q }`: a typeahead's search. */
export const searchInput = inputOf({ q: searchText })

/**
 * An input object read by the parser its route's search uses (zod-free, keeping what is valid,
 * ADR 012) — after its search `q`, if any, passed the text rules.
 */
export const readBy = <Input, Output>(parse: (input: Input) => Output) =>
  z
    .looseObject({ q: searchText.optional() }, { error: inputShapeMessage })
    .transform((input) => parse(input as Input)) as unknown as z.ZodType<Output, Input>
