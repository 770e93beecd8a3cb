/**
 * The progress of a file upload: a bar and the share sent, then what the server does with it
 * (`processingText`) once everything is sent.
 */
export function UploadProgress({
  share,
  fileName,
  processingText,
  className = '',
}: {
  /** 0 … 1. */
  share: number
  fileName: string
  processingText: string
  className?: string
}) {
  const percent = Math.round(share * 100)
  return (
    <div className={className}>
      <progress
        value={percent}
        max={100}
        aria-label={`${fileName} wird hochgeladen`}
        className="h-2 w-full max-w-xs accent-brand-600"
      />
      <p className="text-sm text-ink-muted" aria-live="polite">
        {percent < 100 ? `${percent} % hochgeladen …` : processingText}
      </p>
    </div>
  )
}
