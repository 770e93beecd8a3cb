import { pipeline, type Readable, Transform } from 'node:stream'
import yauzl from 'yauzl'
import { DomainError } from '../errors.server'

/**
 * An uploaded zip (an XLSX workbook) opened through its central directory, guarded against
 * decompression bombs before anything is unpacked: refused when its entries declare more than
 * `maxUnpackedZipBytes` together, or when a large entry declares a packing ratio no real document
 * reaches. Declared sizes can lie, so each entry is also counted as it unpacks and refused the
 * moment it yields more than it declared. yauzl reads the central directory, as the ZIP format
 * intends, so the checked entries are exactly the ones that are read (a streaming unzipper reads
 * local headers, which a crafted file can make disagree with the directory).
 */

export const maxUnpackedZipBytes = 100 * 1024 * 1024
/** The XML of real workbooks packs 10–20 to one; deflate reaches about 1,030 on repeated bytes. */
const maxPackingRatio = 100
/** Below this an entry may pack absurdly well (a few KB of spaces) without doing harm. */
const ratioCheckedFromBytes = 1024 * 1024

export const unpackedTooLargeMessage =
  'Die Datei ist entpackt zu groß (mehr als 100 MB) oder ungewöhnlich stark gepackt. Bitte teile sie auf.'

const unpackedTooLarge = () => new DomainError(413, unpackedTooLargeMessage)

export interface CheckedZip {
  /** The entries' names and declared unpacked sizes, in the central directory's order. */
  entries: readonly { name: string; unpackedBytes: number }[]
  /** The entry `name` as it unpacks (413 past its declared size), or null when there is none. */
  openEntry(name: string): Promise<Readable | null>
}

/**
 * Opens the zip in `bytes`: a DomainError 413 when it declares too much; another error when it
 * is no readable zip (the caller says what it expected instead).
 */
export async function openCheckedZip(bytes: Uint8Array): Promise<CheckedZip> {
  const zip = await yauzl.fromBufferPromise(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    // The count below refuses an entry that unpacks to more than it declared, with a message.
    { validateEntrySizes: false },
  )
  const entries = new Map<string, yauzl.Entry>()
  let declaredBytes = 0
  for await (const entry of zip.eachEntry()) {
    declaredBytes += entry.uncompressedSize
    const packedAbsurdly =
      entry.uncompressedSize > ratioCheckedFromBytes &&
      entry.uncompressedSize > entry.compressedSize * maxPackingRatio
    if (declaredBytes > maxUnpackedZipBytes || packedAbsurdly) throw unpackedTooLarge()
    entries.set(entry.fileName, entry)
  }

  return {
    entries: [...entries.values()].map((entry) => ({
      name: entry.fileName,
      unpackedBytes: entry.uncompressedSize,
    })),
    async openEntry(name) {
      const entry = entries.get(name)
      if (!entry) return null
      let unpackedBytes = 0
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          unpackedBytes += chunk.byteLength
          if (unpackedBytes > entry.uncompressedSize) done(unpackedTooLarge())
          else done(null, chunk)
        },
      })
      // pipeline passes the refusal on to the reader and stops the inflating when either ends.
      return pipeline(await zip.openReadStreamPromise(entry), counted, () => {})
    },
  }
}
