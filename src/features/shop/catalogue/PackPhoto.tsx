import { packPhotoAlt, packPhotoSide, packPhotoUrl } from '~/lib/shop'

/**
 * A product's pack photo (§ 10 HWG: the pack only, ADR 081), server-rendered as a plain `<img>`
 * of the small square rendition, with its size in the markup so nothing shifts when it loads.
 * `className` sets the shown size; lists load it lazily. Without a pack photo nothing is drawn.
 */
export function PackPhoto({
  fileId,
  name,
  lazy = false,
  className,
}: {
  fileId: string | null
  name: string
  lazy?: boolean
  className: string
}) {
  if (!fileId) return null
  return (
    <img
      src={packPhotoUrl(fileId)}
      alt={packPhotoAlt(name)}
      width={packPhotoSide}
      height={packPhotoSide}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={`shrink-0 rounded-md border border-border bg-white object-contain ${className}`}
    />
  )
}
