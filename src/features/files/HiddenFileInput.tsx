import type { Ref } from 'react'

/**
 * The browser's file picker, kept out of sight: a visible button opens it (`ref.current.click()`),
 * so there is one control to reach, announced with its hint and error.
 */
export function HiddenFileInput({
  ref,
  id,
  accept,
  onFile,
}: {
  ref: Ref<HTMLInputElement>
  id: string
  accept: string
  onFile: (file: File) => void
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={accept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0]
        if (file) onFile(file)
      }}
    />
  )
}
