import { useState } from 'react'
import { failureOf } from '~/lib/failure'
import { resendConfirmationFn } from './shop-accounts.functions'

/** Under the login's "please confirm" message: one click sends the link again. */
export function ResendConfirmation({ email }: { email: string }) {
  const [answer, setAnswer] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function resend() {
    setBusy(true)
    try {
      setAnswer((await resendConfirmationFn({ data: { email } })).message)
    } catch (error) {
      setAnswer(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }
  return answer ? (
    <p role="status" className="mt-2">
      {answer}
    </p>
  ) : (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={busy}
      className="mt-2 font-medium underline"
    >
      Bestätigungslink erneut senden
    </button>
  )
}
