import { and, eq, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import { formatPackSize, packSizeToBaseUnits } from '../../lib/products'
import { storePackPhotoRendition, storeServerFile } from '../files/file-store.server'
import { products } from '../products/products.schema'
import type { Executor } from './client.server'
import { demoPackPhotoProducts, masterProducts } from './seed-data/products'

/**
 * Pack photos for a few demo master products (ADR 081): a plain drawn pack — a brown glass jar for flowers,
 * a dropper bottle for extracts — with the product's name and size, never flowers or people.
 * Stored like an admin's upload that was confirmed as a pack photo, with its shop rendition.
 */

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The name in lines that fit the label (about 18 characters each). */
function nameLines(name: string): string[] {
  const lines: string[] = []
  for (const word of name.split(' ')) {
    const last = lines.at(-1)
    if (last !== undefined && `${last} ${word}`.length <= 18)
      lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines
}

function packSvg(pack: {
  name: string
  manufacturer: string
  size: string
  pzn: string | null
  bottle: boolean
}): string {
  const text = [
    ...nameLines(pack.name).map(
      (line, index) =>
        `<text x="400" y="${360 + index * 36}" font-size="28" font-weight="bold">${escapeXml(line)}</text>`,
    ),
    `<text x="400" y="500" font-size="28">${escapeXml(pack.size)}</text>`,
    `<text x="400" y="545" font-size="20" fill="#4b5563">${escapeXml(pack.manufacturer)}</text>`,
    pack.pzn ? `<text x="400" y="585" font-size="20" fill="#4b5563">PZN ${pack.pzn}</text>` : '',
  ].join('')
  // The label is the same white field on both: a brown glass jar or a dropper bottle around it.
  const body = pack.bottle
    ? `<rect x="360" y="90" width="80" height="90" rx="10" fill="#1f2937"/>
       <rect x="330" y="170" width="140" height="50" rx="8" fill="#374151"/>
       <rect x="200" y="210" width="400" height="520" rx="60" fill="#7c4a1e"/>`
    : `<rect x="150" y="150" width="500" height="90" rx="14" fill="#1f2937"/>
       <rect x="165" y="230" width="470" height="500" rx="40" fill="#7c4a1e"/>`
  const label = `<rect x="215" y="300" width="370" height="320" rx="12" fill="#ffffff"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="#ffffff"/>
  ${body}
  ${label}
  <g font-family="DejaVu Sans, sans-serif" text-anchor="middle" fill="#111827">${text}</g>
</svg>`
}

/**
 * Draws, stores and confirms the pack photos of `demoPackPhotoProducts`. A product that has an
 * image already is left alone, so a second run changes nothing.
 */
export async function seedDemoPackPhotos(tx: Executor, adminUserId: string): Promise<void> {
  for (const productId of demoPackPhotoProducts) {
    const demo = masterProducts.find((candidate) => candidate.id === productId)
    if (!demo) throw new Error(`Demo pack photo names an unknown product ${productId}`)
    const [stored] = await tx
      .select({ imageFileId: products.imageFileId })
      .from(products)
      .where(eq(products.id, productId))
    if (!stored || stored.imageFileId !== null) continue
    const svg = packSvg({
      name: demo.facts.name,
      manufacturer: demo.facts.manufacturer,
      size: formatPackSize(
        packSizeToBaseUnits(demo.facts.packSize, demo.facts.packUnit),
        demo.facts.packUnit,
      ),
      pzn: demo.facts.pzn ?? null,
      bottle: demo.facts.category === 'extract',
    })
    const image = await storeServerFile(tx, {
      organisationId: null,
      purpose: 'product_image',
      contentType: 'image/webp',
      data: await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer(),
      createdBy: adminUserId,
    })
    const rendition = await storePackPhotoRendition(tx, image.id, adminUserId)
    await tx
      .update(products)
      .set({ imageFileId: image.id, imageIsPackPhoto: true, packPhotoFileId: rendition.id })
      .where(and(eq(products.id, productId), isNull(products.imageFileId)))
  }
}
