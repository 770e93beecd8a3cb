import {
  degrees,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
} from '@cantoo/pdf-lib'
import fontkit from '@pdf-lib/fontkit'
import { legalIdentityLines, nameWithLegalForm } from '../../../lib/legal-forms'
import { type DocumentAddress, type DocumentSeller, formatIban } from '../document-content'
import { documentFontNames, documentFonts, drawableText } from './fonts.server'

/**
 * The one page frame every generated document uses (ADR 022): letterhead, DIN 5008 form B
 * address window and information block, fold and punch marks, a table that breaks across pages
 * with its header repeated, and a footer with the seller's address, contact, tax and bank data.
 * Pure layout: the document-specific parts (columns, rows, totals) come from `pdf.server.ts`.
 */

/** Millimetres in PDF points (1/72 inch): every document measures its page in mm. */
export const mm = (value: number) => (value * 72) / 25.4

export const pageWidth = mm(210)
export const pageHeight = mm(297)
export const marginLeft = mm(25)
export const marginRight = mm(20)
export const contentWidth = pageWidth - marginLeft - marginRight
/** Lowest baseline content may use before the footer. */
const contentBottom = mm(32)
/** First baseline of a continuation page. */
const continuationTop = pageHeight - mm(30)

const black = rgb(0, 0, 0)
const grey = rgb(0.35, 0.35, 0.35)
const lightGrey = rgb(0.8, 0.8, 0.8)
const accent = rgb(0.09, 0.4, 0.2)

export interface TextStyle {
  size?: number
  bold?: boolean
  color?: 'black' | 'grey' | 'accent'
}

export interface PageHeader {
  /** "Rechnung RE-2026-00001", repeated on continuation pages. */
  title: string
  seller: DocumentSeller
}

export interface Column {
  header: string
  width: number
  align?: 'left' | 'right'
}

/** A table row: one cell per column, each cell one or more lines (the first line regular, the rest small grey). */
export type Row = string[][]

export interface PdfMetadata {
  title: string
  author: string
  subject: string
  /** Calendar day the content is dated: creation and modification date, so bytes never depend on the clock. */
  date: string
}

const colours = { black, grey, accent }

export class DocumentCanvas {
  private readonly pages: PDFPage[] = []
  private page!: PDFPage
  /** Current baseline (points from the bottom). */
  y = 0

  private constructor(
    readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly logo: PDFImage | null,
    /** Null: a blank page without letterhead, footer and page numbers (a form such as Muster 16). */
    private readonly header: PageHeader | null,
  ) {}

  static async create(header: PageHeader | null): Promise<DocumentCanvas> {
    const pdf = await PDFDocument.create({ updateMetadata: false })
    pdf.registerFontkit(fontkit)
    const fonts = await documentFonts()
    // Embedded whole: the files are the subset already (ADR 053).
    const regular = await pdf.embedFont(fonts.regular, {
      subset: false,
      customName: documentFontNames.regular,
    })
    const bold = await pdf.embedFont(fonts.bold, {
      subset: false,
      customName: documentFontNames.bold,
    })
    const logo = header?.seller.logo ? await embedImage(pdf, header.seller.logo) : null
    const canvas = new DocumentCanvas(pdf, regular, bold, logo, header)
    canvas.firstPage()
    return canvas
  }

  font(style: TextStyle = {}): PDFFont {
    return style.bold ? this.bold : this.regular
  }

  textWidth(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(drawableText(text), style.size ?? 9)
  }

  text(text: string, x: number, y: number, style: TextStyle = {}) {
    if (!text) return
    this.page.drawText(drawableText(text), {
      x,
      y,
      size: style.size ?? 9,
      font: this.font(style),
      color: colours[style.color ?? 'black'],
    })
  }

  textRight(text: string, right: number, y: number, style: TextStyle = {}) {
    this.text(text, right - this.textWidth(text, style), y, style)
  }

  /** `style` with the size lowered (to 5.5 pt at least) until `text` fits `width`. */
  fitted(text: string, width: number, style: TextStyle = {}): TextStyle {
    let size = style.size ?? 9
    while (size > 5.5 && this.textWidth(text, { ...style, size }) > width) size -= 0.25
    return { ...style, size }
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.5, colour = lightGrey) {
    this.page.drawLine({
      start: { x: x1, y: y1 },
      end: { x: x2, y: y2 },
      thickness,
      color: colour,
    })
  }

  /** Breaks a text into lines that fit `width`; words longer than a line are cut by character. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = []
    for (const paragraph of text.split('\n')) {
      let current = ''
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word
        if (this.textWidth(candidate, style) <= width) {
          current = candidate
          continue
        }
        if (current) lines.push(current)
        current = word
        while (this.textWidth(current, style) > width && current.length > 1) {
          let cut = current.length - 1
          while (cut > 1 && this.textWidth(current.slice(0, cut), style) > width) cut--
          lines.push(current.slice(0, cut))
          current = current.slice(cut)
        }
      }
      lines.push(current)
    }
    return lines
  }

  /** A framed rectangle; `y` is its lower edge. */
  box(x: number, y: number, width: number, height: number) {
    this.page.drawRectangle({ x, y, width, height, borderColor: grey, borderWidth: 0.6 })
  }

  /** Large light text across the page's diagonal, over everything drawn on it so far. */
  watermark(watermark: string) {
    const text = drawableText(watermark)
    for (const page of this.pages) {
      const size = 40
      const width = this.bold.widthOfTextAtSize(text, size)
      const angle = Math.atan2(pageHeight, pageWidth)
      page.drawText(text, {
        x: pageWidth / 2 - (Math.cos(angle) * width) / 2 + (Math.sin(angle) * size) / 3,
        y: pageHeight / 2 - (Math.sin(angle) * width) / 2 - (Math.cos(angle) * size) / 3,
        size,
        font: this.bold,
        color: rgb(0.75, 0.1, 0.1),
        opacity: 0.25,
        rotate: degrees((angle * 180) / Math.PI),
      })
    }
  }

  /** Starts a new page if fewer than `height` points are left above the footer. */
  ensureSpace(height: number, onNewPage?: () => void) {
    if (this.y - height >= contentBottom) return
    this.continuationPage()
    onNewPage?.()
  }

  /** Paragraph text across pages; returns nothing, moves `y` below the text. */
  paragraph(text: string, style: TextStyle = {}, width = contentWidth) {
    const size = style.size ?? 9
    const leading = size * 1.35
    for (const line of this.wrap(text, width, style)) {
      this.ensureSpace(leading)
      this.text(line, marginLeft, this.y, style)
      this.y -= leading
    }
  }

  /** A table whose header repeats on every page it continues on. */
  table(columns: Column[], rows: Row[]) {
    const size = 8.5
    const smallSize = 7.5
    const lineHeight = size * 1.3
    const smallLineHeight = smallSize * 1.3
    const padding = 3
    const drawHeader = () => {
      this.y -= 2
      let x = marginLeft
      for (const column of columns) {
        const style = { size: 8, bold: true }
        if (column.align === 'right') this.textRight(column.header, x + column.width, this.y, style)
        else this.text(column.header, x, this.y, style)
        x += column.width
      }
      this.y -= padding + 1
      this.line(
        marginLeft,
        this.y + lineHeight - size,
        pageWidth - marginRight,
        this.y + lineHeight - size,
        0.8,
        grey,
      )
      this.y -= lineHeight - 2
    }
    this.ensureSpace(lineHeight * 3)
    drawHeader()
    for (const row of rows) {
      const cells = row.map((cell, index) => {
        const width = (columns[index]?.width ?? 0) - 4
        return cell.flatMap((part, partIndex) =>
          this.wrap(part, width, { size: partIndex === 0 ? size : smallSize }).map((text) => ({
            text,
            small: partIndex > 0,
          })),
        )
      })
      const height = Math.max(
        ...cells.map((lines) =>
          lines.reduce((sum, line) => sum + (line.small ? smallLineHeight : lineHeight), 0),
        ),
      )
      this.ensureSpace(height + padding, drawHeader)
      let x = marginLeft
      cells.forEach((lines, index) => {
        const column = columns[index] as Column
        let y = this.y
        for (const line of lines) {
          const style: TextStyle = line.small ? { size: smallSize, color: 'grey' } : { size }
          if (column.align === 'right') this.textRight(line.text, x + column.width, y, style)
          else this.text(line.text, x, y, style)
          y -= line.small ? smallLineHeight : lineHeight
        }
        x += column.width
      })
      this.y -= height
      // The rule runs midway between this row's descenders and the next row's capitals (Inter:
      // descender 0.25, cap height 0.73 of the size), not through the next row's letters.
      const rule =
        (this.y + smallLineHeight - smallSize * 0.25 + this.y - padding + size * 0.73) / 2
      this.line(marginLeft, rule, pageWidth - marginRight, rule)
      this.y -= padding
    }
  }

  /** Right-aligned label/value lines (totals); `strong` lines bold with a rule above. */
  summary(lines: { label: string; value: string; strong?: boolean }[]) {
    const leading = 13
    this.ensureSpace(leading * lines.length + 6)
    this.y -= 6
    const right = pageWidth - marginRight
    for (const entry of lines) {
      const style: TextStyle = { size: 9, bold: entry.strong }
      if (entry.strong) this.line(right - mm(80), this.y + 10, right, this.y + 10, 0.8, grey)
      this.textRight(entry.label, right - mm(30), this.y, style)
      this.textRight(entry.value, right, this.y, style)
      this.y -= leading
    }
    this.y -= 6
  }

  private addPage(): PDFPage {
    this.page = this.pdf.addPage([pageWidth, pageHeight])
    this.pages.push(this.page)
    this.drawFooter()
    return this.page
  }

  private firstPage() {
    this.addPage()
    if (!this.header) return
    const { seller } = this.header
    // Letterhead (0–45 mm): name and address left, logo right.
    const nameWidth = contentWidth - (this.logo ? mm(55) : 0)
    this.text(
      seller.name,
      marginLeft,
      pageHeight - mm(20),
      this.fitted(seller.name, nameWidth, { size: 16, bold: true, color: 'accent' }),
    )
    this.text(addressLine(seller.address), marginLeft, pageHeight - mm(26), {
      size: 9,
      color: 'grey',
    })
    if (this.logo) {
      const scale = Math.min(mm(50) / this.logo.width, mm(22) / this.logo.height)
      const width = this.logo.width * scale
      const height = this.logo.height * scale
      this.page.drawImage(this.logo, {
        x: pageWidth - marginRight - width,
        y: pageHeight - mm(12) - height,
        width,
        height,
      })
    }
    // DIN 5008 marks: folds at 105 and 210 mm, punch at 148.5 mm.
    for (const [at, length] of [
      [105, 5],
      [148.5, 7],
      [210, 5],
    ] as const) {
      this.line(mm(3), pageHeight - mm(at), mm(3 + length), pageHeight - mm(at), 0.4, grey)
    }
  }

  /**
   * The DIN 5008 form B address field (20 mm from the left, 45 mm from the top, 85 × 45 mm):
   * return line in the endorsement zone, recipient in the address zone from 62.7 mm.
   */
  addressWindow(returnLine: string, recipientLines: string[]) {
    const left = mm(20) + mm(5)
    const width = mm(80)
    this.text(
      returnLine,
      left,
      pageHeight - mm(60),
      this.fitted(returnLine, width, { size: 6.5, color: 'grey' }),
    )
    let y = pageHeight - mm(62.7) - 9
    for (const line of recipientLines.slice(0, 6)) {
      this.text(line, left, y, this.fitted(line, width, { size: 9.5 }))
      y -= 12
    }
  }

  /** Starts the content right below the letterhead: for records without an address field (protocols, reports). */
  startBelowLetterhead() {
    this.y = pageHeight - mm(40)
  }

  /** The information block beside the address (125 mm from the left, 50 mm from the top). */
  infoBlock(entries: [string, string][]) {
    const left = mm(125)
    const valueRight = pageWidth - marginRight
    let y = pageHeight - mm(50)
    for (const [label, value] of entries) {
      const labelWidth = this.textWidth(label, { size: 8 })
      this.text(label, left, y, { size: 8, color: 'grey' })
      // A long value (an order number from elsewhere) shrinks rather than running into its label.
      this.textRight(
        value,
        valueRight,
        y,
        this.fitted(value, valueRight - left - labelWidth - 6, { size: 8 }),
      )
      y -= 11.5
    }
    // The subject line starts below whichever is lower: address field (form B ends at 90 mm) or info block.
    this.y = Math.min(pageHeight - mm(103), y - mm(8))
  }

  private continuationPage() {
    this.addPage()
    if (!this.header) {
      this.y = continuationTop
      return
    }
    const { seller, title } = this.header
    this.text(seller.name, marginLeft, pageHeight - mm(15), {
      size: 9,
      bold: true,
      color: 'accent',
    })
    this.textRight(title, pageWidth - marginRight, pageHeight - mm(15), { size: 9 })
    this.line(marginLeft, pageHeight - mm(18), pageWidth - marginRight, pageHeight - mm(18))
    this.y = continuationTop
  }

  private drawFooter() {
    if (!this.header) return
    const { seller } = this.header
    const top = mm(24)
    this.line(marginLeft, top + 8, pageWidth - marginRight, top + 8)
    const columns: string[][] = [
      [
        nameWithLegalForm(seller.name, seller.legal),
        seller.address.street,
        `${seller.address.postalCode} ${seller.address.city}`,
      ],
      [seller.phone ? `Tel. ${seller.phone}` : '', seller.email ?? '', seller.website ?? ''],
      [
        seller.taxNumber ? `Steuernummer ${seller.taxNumber}` : '',
        seller.vatId ? `USt-IdNr. ${seller.vatId}` : '',
      ],
      [
        seller.bankName ?? '',
        seller.iban ? `IBAN ${formatIban(seller.iban)}` : '',
        seller.bic ? `BIC ${seller.bic}` : '',
      ],
    ]
    const widths = [mm(38), mm(38), mm(38), mm(51)]
    let x = marginLeft
    columns.forEach((lines, index) => {
      let y = top
      const width = (widths[index] ?? 0) - 4
      for (const line of lines.filter(Boolean)) {
        this.text(line, x, y, this.fitted(line, width, { size: 6.5, color: 'grey' }))
        y -= 8.5
      }
      x += widths[index] ?? 0
    })
    // Seat, register and managers (§ 37a, § 125a HGB, § 35a GmbHG, § 80 AktG, § 25a GenG):
    // full width below the columns.
    let y = top - 3 * 8.5 - 1.5
    for (const line of legalIdentityLines(seller.legal, seller.address.city)) {
      this.text(line, marginLeft, y, this.fitted(line, contentWidth, { size: 6.5, color: 'grey' }))
      y -= 8.5
    }
  }

  /** Page numbers need the page count, so they are drawn once everything is laid out. */
  async save(metadata: PdfMetadata): Promise<Uint8Array> {
    this.pages.forEach((page, index) => {
      if (!this.header) return
      const label = `Seite ${index + 1} von ${this.pages.length}`
      const size = 7
      page.drawText(label, {
        x: pageWidth - marginRight - this.regular.widthOfTextAtSize(label, size),
        y: mm(24) + 12,
        size,
        font: this.regular,
        color: grey,
      })
    })
    const date = new Date(`${metadata.date}T00:00:00Z`)
    this.pdf.setTitle(metadata.title)
    this.pdf.setAuthor(metadata.author)
    this.pdf.setSubject(metadata.subject)
    this.pdf.setCreator('Blattwerk')
    this.pdf.setProducer('Blattwerk')
    this.pdf.setLanguage('de-DE')
    this.pdf.setCreationDate(date)
    this.pdf.setModificationDate(date)
    return this.pdf.save()
  }

  get pageCount() {
    return this.pages.length
  }
}

async function embedImage(pdf: PDFDocument, bytes: Uint8Array): Promise<PDFImage | null> {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return pdf.embedPng(bytes)
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return pdf.embedJpg(bytes)
  // An unknown type is left out rather than failing an invoice over its logo.
  return null
}

/** "Hafenstraße 5, 20457 Hamburg" (country only when not Germany). */
export function addressLine(address: DocumentAddress): string {
  const city = `${address.postalCode} ${address.city}`
  return [address.street, address.country === 'DE' ? city : `${city}, ${address.country}`].join(
    ', ',
  )
}
