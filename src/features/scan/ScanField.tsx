import { Camera, CircleCheck, ScanBarcode, X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { type PackCode, parsePackCode } from '~/lib/pack-codes'
import { inputClass } from '../forms/field-parts'
import { Button } from '../ui/buttons'

/**
 * A keyboard-wedge scanner types a whole code in a few milliseconds per character and ends it
 * with Enter or Tab. Tab ends a scan only after such a burst; typed slowly, it moves on as usual.
 */
const burstGapMs = 40

/** What a page does with a read code: a German message when it cannot use it, else what it filled. */
export type ScanOutcome = { error: string } | { done: string }

/**
 * The scan field (ADR 074): a text input for a keyboard-wedge scanner (or typing a PZN and Enter)
 * and a camera button that loads the barcode reader only when pressed. Each read code is parsed
 * and handed to `onScan`; its outcome, or the parser's refusal, shows next to the field. The field
 * books nothing itself.
 */
export function ScanField({
  label,
  hint,
  onScan,
}: {
  label: string
  hint?: string
  onScan: (code: PackCode) => ScanOutcome
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null)
  const [cameraOpen, setCameraOpen] = useState(false)
  const keyTimes = useRef<number[]>([])

  function read(raw: string) {
    setText('')
    keyTimes.current = []
    const parsed = parsePackCode(raw)
    setOutcome(parsed.ok ? onScan(parsed.code) : { error: parsed.message })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const times = keyTimes.current
    if (event.key === 'Enter' || (event.key === 'Tab' && isBurst(times, event.timeStamp))) {
      event.preventDefault()
      if (text.trim() !== '') read(text)
      return
    }
    if (event.key.length === 1) times.push(event.timeStamp)
  }

  const messageId = `${id}-message`
  return (
    <div className="rounded-lg border border-dashed border-brand-200 bg-brand-50 p-3">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-ink">
        <ScanBarcode className="size-4" aria-hidden="true" />
        {label}
      </label>
      <div className="flex items-start gap-2">
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={outcome && 'error' in outcome ? true : undefined}
          aria-describedby={outcome ? messageId : hint ? `${id}-hint` : undefined}
          placeholder="Packung scannen oder PZN eingeben, dann Enter"
          className={inputClass}
        />
        <Button
          variant="secondary"
          className="mt-1 shrink-0"
          onClick={() => setCameraOpen((open) => !open)}
          aria-expanded={cameraOpen}
        >
          <Camera className="size-4" aria-hidden="true" />
          Kamera
        </Button>
      </div>
      {hint && !outcome && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {outcome && (
        <p
          id={messageId}
          role={'error' in outcome ? 'alert' : 'status'}
          className={`mt-1 flex items-center gap-1 text-sm ${'error' in outcome ? 'text-danger' : 'text-success'}`}
        >
          {'done' in outcome && <CircleCheck className="size-4" aria-hidden="true" />}
          {'error' in outcome ? outcome.error : outcome.done}
        </p>
      )}
      {cameraOpen && (
        <CameraPanel
          onText={(raw) => {
            setCameraOpen(false)
            read(raw)
          }}
          onClose={() => setCameraOpen(false)}
        />
      )}
    </div>
  )
}

/** Whether the keys typed so far came as a scanner's burst and the last one just now. */
function isBurst(times: number[], now: number): boolean {
  if (times.length < 4) return false
  const first = times[0] as number
  const last = times[times.length - 1] as number
  return now - last < burstGapMs * 2 && (last - first) / (times.length - 1) < burstGapMs
}

/** Whether the page's Permissions-Policy lets it use the camera (Chromium tells; others try). */
function cameraAllowedHere(): boolean {
  const policy = (document as { featurePolicy?: { allowsFeature(feature: string): boolean } })
    .featurePolicy
  return policy ? policy.allowsFeature('camera') : true
}

function CameraPanel({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [needsReload] = useState(() => !cameraAllowedHere())
  const handleText = useRef(onText)
  handleText.current = onText

  useEffect(() => {
    if (needsReload || !video.current) return
    let stop: (() => void) | null = null
    let cancelled = false
    const element = video.current
    import('./camera-reader')
      .then(({ startCameraReader }) =>
        startCameraReader(element, (text) => handleText.current(text)),
      )
      .then((controls) => {
        if (cancelled) controls.stop()
        else stop = () => controls.stop()
      })
      .catch((error: unknown) => {
        if (cancelled) return
        const name = error instanceof Error ? error.name : ''
        setProblem(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? 'Der Zugriff auf die Kamera wurde nicht erlaubt. Bitte erlaube ihn im Browser.'
            : 'Die Kamera ließ sich nicht starten. Bitte nutze den Scanner oder gib die PZN ein.',
        )
      })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [needsReload])

  return (
    <div className="mt-3 space-y-2">
      {needsReload ? (
        <p role="alert" className="text-sm text-danger">
          Die Kamera ist für diese Seite erst nach dem Neuladen freigegeben.{' '}
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            Seite neu laden
          </button>
        </p>
      ) : problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a live camera preview has no captions
        <video ref={video} className="aspect-video w-full max-w-sm rounded-lg bg-black" muted />
      )}
      <Button variant="ghost" onClick={onClose}>
        <X className="size-4" aria-hidden="true" />
        Kamera schließen
      </Button>
    </div>
  )
}
