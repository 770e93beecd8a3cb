import { createHash } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import pLimit from 'p-limit'
import type { Sharp } from 'sharp'
import { shopForbiddenMessage } from '../../lib/access-rules'
import { isUuid } from '../../lib/ids'
import { packPhotoSide } from '../../lib/shop'
import { type Actor, requireRole } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { type storedFilePurpose, storedFiles } from '../db/core.schema'
import { DomainError, ForbiddenError, NotFoundError } from '../errors.server'
import { purchaseOrderShipmentLines } from '../purchase-orders/purchase-orders.schema'
import { batches } from '../stock/stock.schema'
import { uploadSizeLimits } from './upload-routes.server'

/**
 * The one way files enter and leave Blattwerk (ADR 016): product images, certificates of
 * analysis, prescription scans and organisation logos. Callers name a purpose; the purpose
 * decides who may store such a file, what content it accepts and how it is kept, and who may read it. A new
 * purpose (a PDF, say) is one entry in `purposes` — callers do not change. The bytes live in
 * PostgreSQL (`stored_files`), so every app process reaches the same file.
 */

export type StoredFilePurpose = (typeof storedFilePurpose.enumValues)[number]

/** What is kept of an accepted upload. */
interface PreparedFile {
  contentType: string
  data: Buffer
}

interface PurposePolicy {
  /** The largest upload accepted, and the message that says so. */
  maxBytes: number
  tooLargeMessage: string
  /** Who may store such a file, and which organisation owns it then (null: the platform). */
  ownerForUpload(actor: Actor): string | null
  /** Whether anyone may read such files (shop pages), so caches may share them. */
  public: boolean
  /** Whether `viewer` (null: nobody logged in) may read a file owned by `organisationId`. */
  mayRead(viewer: Actor | null, organisationId: string | null): boolean
  /** Checks the content — never the declared type or name — and turns it into what is kept. */
  prepare(upload: Uint8Array): Promise<PreparedFile>
}

// ─── Images ─────────────────────────────────────────────────────────────────────────────────

export const maxImageBytes = uploadSizeLimits.product_image.maxBytes
/** The long side an image is scaled down to; product pictures never show larger. */
export const maxImageSide = 1600
/**
 * Pixels an image may have before it is decoded: a few KB of PNG can claim 100,000 × 100,000
 * pixels and exhaust the memory when decoded (a decompression bomb). 50 MP covers every camera.
 */
export const maxImagePixels = 50_000_000

export const notAnImageMessage =
  'Möglich sind Bilder im Format PNG, JPEG oder WebP; diese Datei ist keins.'
export const unreadableImageMessage =
  'Das Bild lässt sich nicht lesen. Möglich ist eine unbeschädigte PNG-, JPEG- oder WebP-Datei.'
export const tooManyPixelsMessage = `Das Bild hat zu viele Bildpunkte (höchstens ${maxImagePixels / 1_000_000} Megapixel).`

type ImageFormat = 'png' | 'jpeg' | 'webp'

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte)

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/** The format the first bytes announce (the file's magic number), or null for anything else. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

/**
 * Decoding and encoding run on libvips' threads and hold whole images in memory: a burst of
 * uploads waits here instead of taking every core and a gigabyte at once.
 */
const imageWork = pLimit(2)

/**
 * Decodes an upload whose magic number announced `announced` — the decoder must agree, or
 * `refusals.mismatch` is the answer — turns it upright by its EXIF orientation and lets `write`
 * encode it anew. What is written anew keeps no metadata (EXIF with GPS position and camera, XMP,
 * IPTC, comments, colour profile) and nothing smuggled behind the image data.
 */
function rewriteImage(
  upload: Uint8Array,
  announced: ImageFormat,
  refusals: { mismatch: string; unreadable: string },
  write: (upright: Sharp) => Promise<PreparedFile>,
): Promise<PreparedFile> {
  return imageWork(async () => {
    // Loaded with the first image: libvips costs the idle process some 30 MB (ADR 079).
    const { default: sharp } = await import('sharp')
    const image = sharp(upload, {
      limitInputPixels: maxImagePixels,
      failOn: 'error',
    })
    try {
      const { format } = await image.metadata()
      if (format !== announced) throw new DomainError(415, refusals.mismatch)
      return await write(image.autoOrient())
    } catch (error) {
      if (error instanceof DomainError) throw error
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new DomainError(413, tooManyPixelsMessage)
      }
      throw new DomainError(415, refusals.unreadable)
    }
  })
}

/** Scaled down to at most `maxSide` on the long side, never up. */
const withinSide = (image: Sharp, maxSide: number) =>
  image.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })

/** PNG stays lossless PNG, JPEG stays JPEG at a quality that keeps print and scans legible. */
const inFormat = async (image: Sharp, format: 'png' | 'jpeg'): Promise<PreparedFile> => ({
  contentType: `image/${format}`,
  data:
    format === 'png'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.jpeg({ quality: 90 }).toBuffer(),
})

/**
 * An uploaded picture as it is kept: PNG, JPEG or WebP, upright, scaled to at most `maxSide` on
 * its long side, and written anew as WebP.
 */
const reencodeAsWebp =
  (maxSide: number) =>
  async (upload: Uint8Array): Promise<PreparedFile> => {
    const announced = imageFormatOf(upload)
    if (!announced) throw new DomainError(415, notAnImageMessage)
    return rewriteImage(
      upload,
      announced,
      { mismatch: notAnImageMessage, unreadable: unreadableImageMessage },
      async (upright) => ({
        contentType: 'image/webp',
        data: await withinSide(upright, maxSide).webp({ quality: 82 }).toBuffer(),
      }),
    )
  }

const reencodeImage = reencodeAsWebp(maxImageSide)

/**
 * The shop's rendition of a stored product image (ADR 081): a `packPhotoSide` square, the pack
 * fitted inside on a transparent ground, so every card has the same known size and loads a few KB
 * instead of the original. Kept as a platform file of its own, in the caller's transaction.
 */
export async function storePackPhotoRendition(
  tx: Executor,
  imageFileId: string,
  createdBy: string | null,
): Promise<StoredFileInfo> {
  const [image] = await tx
    .select({ data: storedFiles.data })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, imageFileId),
        eq(storedFiles.purpose, 'product_image'),
        isNull(storedFiles.organisationId),
      ),
    )
  if (!image) throw new NotFoundError(fileNotFoundMessage)
  const data = await imageWork(async () => {
    const { default: sharp } = await import('sharp')
    return sharp(image.data, { limitInputPixels: maxImagePixels })
      .resize({
        width: packPhotoSide,
        height: packPhotoSide,
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .webp({ quality: 80 })
      .toBuffer()
  })
  return storeServerFile(tx, {
    organisationId: null,
    purpose: 'product_image',
    contentType: 'image/webp',
    data,
    createdBy,
  })
}

// ─── Organisation logos ─────────────────────────────────────────────────────────────────────

/** Long side a logo is kept at: printed at most 50 mm wide, that is 600 px at 300 dpi. */
export const maxLogoSide = 800
export const notALogoMessage =
  'Das Logo muss ein PNG oder JPEG sein; diese Datei ist keins von beiden.'

/**
 * A logo stays PNG or JPEG — the formats a PDF embeds — but is written anew like every image,
 * and scaled to at most `maxLogoSide`.
 */
async function reencodeLogo(upload: Uint8Array): Promise<PreparedFile> {
  const announced = imageFormatOf(upload)
  if (announced !== 'png' && announced !== 'jpeg') throw new DomainError(415, notALogoMessage)
  return rewriteImage(
    upload,
    announced,
    { mismatch: notALogoMessage, unreadable: unreadableImageMessage },
    (upright) => inFormat(withinSide(upright, maxLogoSide), announced),
  )
}

/** A shop's logo: shown in the header at most 64 px high, twice that for sharp screens. */
export const maxShopLogoSide = 600

// ─── Certificates of analysis ──────────────────────────────────────────────────────────────

export const maxCertificateBytes = uploadSizeLimits.batch_certificate.maxBytes
export const notACertificateMessage =
  'Das Analysezertifikat muss ein PDF, PNG oder JPEG sein; diese Datei ist nichts davon.'

export const notAPrescriptionScanMessage =
  'Das Rezept muss ein PDF, PNG oder JPEG sein; diese Datei ist nichts davon.'

export const notAnExemptionMessage =
  'Die Befreiungsbescheinigung muss ein PDF, PNG oder JPEG sein; diese Datei ist nichts davon.'

export const unreadableRecordImageMessage =
  'Das Bild lässt sich nicht lesen. Möglich ist eine unbeschädigte PDF-, PNG- oder JPEG-Datei.'

/**
 * Records (a CoA, a prescription scan) are accepted only when their content is a PDF, PNG or JPEG,
 * whatever the name claims: a renamed executable or script is refused. A PDF is kept byte for
 * byte (it may be signed); an image — often a phone's photo, with where and on what it was
 * taken — is kept upright, in its format and full size, but written anew without its metadata.
 */
const checkRecordFile =
  (refusal: string) =>
  async (upload: Uint8Array): Promise<PreparedFile> => {
    if (startsWith(upload, ascii('%PDF-'))) {
      return { contentType: 'application/pdf', data: Buffer.from(upload) }
    }
    const format = imageFormatOf(upload)
    if (format !== 'png' && format !== 'jpeg') throw new DomainError(415, refusal)
    return rewriteImage(
      upload,
      format,
      { mismatch: refusal, unreadable: unreadableRecordImageMessage },
      (upright) => inFormat(upright, format),
    )
  }

/** The organisations that keep stock: sellers and clubs (a club's lab report). */
const stockKeepingCategories = ['pharmacy', 'wholesaler', 'producer', 'club'] as const

// ─── Purposes ───────────────────────────────────────────────────────────────────────────────

const ownOrganisationOnly: PurposePolicy['mayRead'] = (viewer, organisationId) =>
  viewer?.kind === 'business' && viewer.organisation.id === organisationId

/**
 * Prescription scans and exemption certificates: stored by a pharmacy's owner or staff, or handed
 * in by a customer of the pharmacy's shop at checkout. Either way the pharmacy owns the file (and
 * alone reads it); `created_by` names the shop user, so an order only refers to their own uploads.
 */
const prescriptionRecordOwner: PurposePolicy['ownerForUpload'] = (actor) => {
  if (actor.kind === 'shop') {
    if (!actor.tenant.hasShop || actor.tenant.organisationCategory !== 'pharmacy') {
      throw new ForbiddenError(shopForbiddenMessage)
    }
    return actor.tenant.organisationId
  }
  const business = requireRole(actor, 'owner', 'staff')
  if (business.organisation.category !== 'pharmacy') throw new ForbiddenError()
  return business.organisation.id
}

const purposes: Record<StoredFilePurpose, PurposePolicy> = {
  /**
   * Pictures of master products and their shop renditions: kept by platform admins, read by
   * business users. Shop visitors load only the rendition of a confirmed pack photo of a product
   * their shop lists, through the shop's own route (`openShopPackPhoto`, ADR 081).
   */
  product_image: {
    ...uploadSizeLimits.product_image,
    ownerForUpload: (actor) => {
      requireRole(actor, 'admin')
      return null
    },
    public: false,
    mayRead: (viewer) => viewer?.kind === 'business',
    prepare: reencodeImage,
  },
  /** CoAs and lab reports of batches: only the owning organisation's users store and read them. */
  batch_certificate: {
    ...uploadSizeLimits.batch_certificate,
    ownerForUpload: (actor) => {
      const business = requireRole(actor, 'owner', 'staff')
      if (!(stockKeepingCategories as readonly string[]).includes(business.organisation.category)) {
        throw new ForbiddenError()
      }
      return business.organisation.id
    },
    public: false,
    mayRead: ownOrganisationOnly,
    prepare: checkRecordFile(notACertificateMessage),
  },
  /** Scans of paper prescriptions: only the pharmacy that sells on them stores and reads them. */
  prescription_scan: {
    ...uploadSizeLimits.prescription_scan,
    ownerForUpload: prescriptionRecordOwner,
    public: false,
    mayRead: ownOrganisationOnly,
    prepare: checkRecordFile(notAPrescriptionScanMessage),
  },
  /** Certificates of exemption from statutory co-payments (§ 62 SGB V), like prescription scans. */
  copayment_exemption: {
    ...uploadSizeLimits.copayment_exemption,
    ownerForUpload: prescriptionRecordOwner,
    public: false,
    mayRead: ownOrganisationOnly,
    prepare: checkRecordFile(notAnExemptionMessage),
  },
  /** The letterhead's logo: the owner uploads it, the organisation's users (and its documents) read it. */
  organisation_logo: {
    ...uploadSizeLimits.organisation_logo,
    ownerForUpload: (actor) => {
      const business = requireRole(actor, 'owner')
      return business.organisation.id
    },
    public: false,
    mayRead: ownOrganisationOnly,
    prepare: reencodeLogo,
  },
  /**
   * The logo in a shop's header (or a club's pages): the owner of a pharmacy or club uploads it,
   * every visitor of the host sees it.
   */
  shop_logo: {
    ...uploadSizeLimits.shop_logo,
    ownerForUpload: (actor) => {
      const business = requireRole(actor, 'owner')
      if (!['pharmacy', 'club'].includes(business.organisation.category)) throw new ForbiddenError()
      return business.organisation.id
    },
    public: true,
    mayRead: () => true,
    prepare: reencodeAsWebp(maxShopLogoSide),
  },
  /** Documents the server issues (invoices, delivery notes …): never uploaded, owner reads. */
  issued_document: {
    maxBytes: 0,
    tooLargeMessage: '',
    ownerForUpload: () => {
      throw new ForbiddenError()
    },
    public: false,
    mayRead: ownOrganisationOnly,
    prepare: () => {
      throw new ForbiddenError()
    },
  },
}

// ─── The interface ──────────────────────────────────────────────────────────────────────────

export const fileNotFoundMessage = 'Diese Datei gibt es nicht.'

export interface StoredFileInfo {
  id: string
  purpose: StoredFilePurpose
  contentType: string
  byteSize: number
  /** Hex SHA-256 of the stored bytes. */
  sha256: string
}

/**
 * Checks and keeps an upload for `purpose`. Refuses with 403 when the actor may not store such
 * files, 413 when it is too large, 415 when its content is not what the purpose accepts.
 */
export async function storeFile(
  actor: Actor,
  purpose: StoredFilePurpose,
  upload: Uint8Array,
  db: Database,
): Promise<StoredFileInfo> {
  const policy = purposes[purpose]
  const organisationId = policy.ownerForUpload(actor)
  if (upload.byteLength > policy.maxBytes) throw new DomainError(413, policy.tooLargeMessage)
  const { contentType, data } = await policy.prepare(upload)
  return storeServerFile(db, {
    organisationId,
    purpose,
    contentType,
    data,
    createdBy: actor.kind === 'system' || actor.kind === 'visitor' ? null : actor.user.id,
  })
}

/**
 * Keeps bytes the server made or copied itself (an issued document, a CoA handed to the buyer of
 * a batch) for `organisationId`, in the caller's transaction: no upload policy applies, the
 * purpose's read rule does.
 */
export async function storeServerFile(
  tx: Executor,
  file: {
    /** Null: the platform's own (product images). */
    organisationId: string | null
    purpose: StoredFilePurpose
    contentType: string
    data: Uint8Array
    createdBy: string | null
  },
): Promise<StoredFileInfo> {
  const data = Buffer.from(file.data)
  const sha256 = createHash('sha256').update(data).digest('hex')
  const [stored] = await tx
    .insert(storedFiles)
    .values({ ...file, data, byteSize: data.byteLength, sha256 })
    .returning({ id: storedFiles.id })
  if (!stored) throw new Error('stored file was not inserted')
  return {
    id: stored.id,
    purpose: file.purpose,
    contentType: file.contentType,
    byteSize: data.byteLength,
    sha256,
  }
}

export interface OpenedFile extends StoredFileInfo {
  /** Whether anyone may read it, so shared caches may keep it. */
  public: boolean
  /** The name a browser tab and a download show (`CoA-<batch>.pdf`), when the file has one. */
  fileName: string | null
  /** The bytes, fetched only when asked (a conditional request needs just the hash). */
  readBytes(): Promise<Buffer>
}

/**
 * A stored file `viewer` may read (null: nobody logged in). Unknown ids and files the viewer may
 * not read are both 404, so ids reveal nothing.
 */
export function openStoredFile(
  viewer: Actor | null,
  id: string,
  db: Database,
): Promise<OpenedFile> {
  return openFile(db, id, (file) => purposes[file.purpose].mayRead(viewer, file.organisationId))
}

/**
 * A stored file for a service that has already decided, through the record the file belongs to,
 * that its caller may read it (a shop customer's invoice of their own order: the purpose's rule
 * knows organisations only). Unknown ids are 404.
 */
export function openFileOfCheckedRecord(db: Database, id: string): Promise<OpenedFile> {
  return openFile(db, id, () => true)
}

async function openFile(
  db: Database,
  id: string,
  mayRead: (file: { purpose: StoredFilePurpose; organisationId: string | null }) => boolean,
): Promise<OpenedFile> {
  if (!isUuid(id)) throw new NotFoundError(fileNotFoundMessage)
  const [file] = await db
    .select({
      id: storedFiles.id,
      purpose: storedFiles.purpose,
      organisationId: storedFiles.organisationId,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, id))
  if (!file) throw new NotFoundError(fileNotFoundMessage)
  if (!mayRead(file)) throw new NotFoundError(fileNotFoundMessage)
  const { organisationId: owner, ...info } = file
  return {
    ...info,
    public: purposes[file.purpose].public,
    fileName:
      file.purpose === 'batch_certificate' && owner
        ? await certificateFileName(db, file.id, owner, file.contentType)
        : null,
    readBytes: async () => {
      const [row] = await db
        .select({ data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.id, id))
      if (!row) throw new NotFoundError(fileNotFoundMessage)
      return row.data
    },
  }
}

const extensionOf: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
}

/**
 * A CoA is named after the batch it certifies — the organisation's batch or the batch a platform
 * supplier shipped it with — so its tab reads `CoA-<batch>.pdf`, not an id. A CoA just uploaded
 * for a receipt not yet booked has no batch, and the same bytes attached to several batches (the
 * store keeps one copy of a supplier's file) name none of them: no name then.
 */
async function certificateFileName(
  db: Database,
  fileId: string,
  organisationId: string,
  contentType: string,
): Promise<string | null> {
  const numbers = new Set(
    [
      ...(await db
        .selectDistinct({ batchNumber: batches.batchNumber })
        .from(batches)
        .where(and(eq(batches.coaFileId, fileId), eq(batches.organisationId, organisationId)))
        .limit(2)),
      ...(await db
        .selectDistinct({ batchNumber: purchaseOrderShipmentLines.batchNumber })
        .from(purchaseOrderShipmentLines)
        .where(
          and(
            eq(purchaseOrderShipmentLines.certificateFileId, fileId),
            eq(purchaseOrderShipmentLines.organisationId, organisationId),
          ),
        )
        .limit(2)),
    ].map((row) => row.batchNumber),
  )
  if (numbers.size !== 1) return null
  return `CoA-${[...numbers][0]}.${extensionOf[contentType] ?? 'pdf'}`
}

/**
 * Whether `id` is a stored file of `purpose` owned by `organisationId` (null: the platform) —
 * for a record that is about to refer to it, inside the record's transaction.
 */
export async function isStoredFileOf(
  executor: Executor,
  id: string,
  owner: {
    purpose: StoredFilePurpose
    organisationId: string | null
    /** Also: uploaded by this user (a shop customer's own scan). */
    createdBy?: string
  },
): Promise<boolean> {
  if (!isUuid(id)) return false
  const [file] = await executor
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, id),
        eq(storedFiles.purpose, owner.purpose),
        owner.organisationId === null
          ? isNull(storedFiles.organisationId)
          : eq(storedFiles.organisationId, owner.organisationId),
        owner.createdBy === undefined ? undefined : eq(storedFiles.createdBy, owner.createdBy),
      ),
    )
  return file !== undefined
}
