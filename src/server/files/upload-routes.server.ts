import type { StoredFilePurpose } from './file-store.server'

/**
 * The file store's upload routes and how much each takes. The store refuses a larger file by its
 * purpose; the edge (request-body.server.ts) refuses the larger request before reading it, with
 * the same message. Both read this one table, so a new upload route cannot miss its limit.
 */

type UploadPurpose = Exclude<StoredFilePurpose, 'issued_document'>

export interface UploadSizeLimit {
  maxBytes: number
  tooLargeMessage: string
}

const megabyte = 1024 * 1024

/** The largest file an upload of each purpose may be, and the message that says so. */
export const uploadSizeLimits = {
  product_image: { maxBytes: 5 * megabyte, tooLargeMessage: 'Das Bild ist größer als 5 MB.' },
  batch_certificate: {
    maxBytes: 10 * megabyte,
    tooLargeMessage: 'Das Analysezertifikat ist größer als 10 MB.',
  },
  prescription_scan: {
    maxBytes: 10 * megabyte,
    tooLargeMessage: 'Der Rezept-Scan ist größer als 10 MB.',
  },
  copayment_exemption: {
    maxBytes: 10 * megabyte,
    tooLargeMessage: 'Die Befreiungsbescheinigung ist größer als 10 MB.',
  },
  organisation_logo: { maxBytes: 2 * megabyte, tooLargeMessage: 'Das Logo ist größer als 2 MB.' },
  shop_logo: { maxBytes: megabyte, tooLargeMessage: 'Das Logo ist größer als 1 MB.' },
} as const satisfies Record<UploadPurpose, UploadSizeLimit>

/** Each upload route under `/api/files` and the purpose it stores. */
export const uploadRoutePurposes = {
  '/api/files/product-images': 'product_image',
  '/api/files/batch-certificates': 'batch_certificate',
  '/api/files/prescription-scans': 'prescription_scan',
  '/api/files/copayment-exemptions': 'copayment_exemption',
  '/api/files/organisation-logos': 'organisation_logo',
  '/api/files/shop-logos': 'shop_logo',
} as const satisfies Record<string, UploadPurpose>

export type UploadRoutePath = keyof typeof uploadRoutePurposes
