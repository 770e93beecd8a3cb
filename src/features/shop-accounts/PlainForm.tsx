import { type FormEvent, useEffect, useState } from 'react'
import { type Failure, failureOf } from '~/lib/failure'
import { focusFirstError } from '../forms/layout'

/**
 * A plain form whose server function checks the input and answers field messages: no form or
 * schema library on these public pages (ADR 013). `send` gets the form's entries. Field messages
 * from the server move the focus to the first refused field, like the form layer's forms.
 */
export function usePlainForm<T>(send: (entries: FormData) => Promise<T>) {
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<T | null>(null)
  // After the render that marked the fields invalid.
  useEffect(() => {
    if (failure?.errors) focusFirstError()
  }, [failure])
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      setResult(await send(new FormData(event.currentTarget)))
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }
  const fieldError = (name: string) => failure?.errors?.[name] ?? null
  return { onSubmit, busy, failure, fieldError, result }
}

export const entry = (entries: FormData, name: string) => String(entries.get(name) ?? '')
