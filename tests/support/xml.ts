import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib'
import { SaxesParser } from 'saxes'
import { validateXML } from 'xmllint-wasm'

/** An element of a parsed XML document: its local name, its own text and its child elements. */
export interface XmlElement {
  local: string
  text: string
  children: XmlElement[]
}

/**
 * Parses XML with a conforming, namespace-aware parser that throws on anything not well-formed
 * (an undefined entity such as `&unknown;` included) and resolves entity and character references.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true })
  const root: XmlElement = { local: '#document', text: '', children: [] }
  const open: XmlElement[] = [root]
  parser.on('error', (error) => {
    throw error
  })
  parser.on('opentag', (tag) => {
    const element: XmlElement = { local: tag.local, text: '', children: [] }
    open.at(-1)?.children.push(element)
    open.push(element)
  })
  parser.on('closetag', () => {
    open.pop()
  })
  parser.on('text', (text) => {
    const current = open.at(-1)
    if (current) current.text += text
  })
  parser.write(xml).close()
  return root
}

/**
 * The texts of the elements at `steps` (local names): the first anywhere in the document,
 * each further one a child of the previous.
 */
export function textsAt(root: XmlElement, ...steps: string[]): string[] {
  const [first, ...rest] = steps
  const descendants = (element: XmlElement): XmlElement[] =>
    element.children.flatMap((child) => [child, ...descendants(child)])
  let found = descendants(root).filter((element) => element.local === first)
  for (const step of rest) {
    found = found.flatMap((element) => element.children.filter((child) => child.local === step))
  }
  return found.map((element) => element.text)
}

const schemaDir = path.join(import.meta.dirname, '../fixtures/schemas/factur-x-1.07.3-en16931')
const schemaRoot = 'Factur-X_1.07.3_EN16931.xsd'

/** Offline XSD validation of CII XML (XRechnung CII and Factur-X EN 16931 share the schema). */
export async function validateCii(xml: string) {
  const files = (await readdir(schemaDir)).filter((name) => name.endsWith('.xsd'))
  const load = async (fileName: string) => ({
    fileName,
    contents: await readFile(path.join(schemaDir, fileName), 'utf8'),
  })
  return validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: await load(schemaRoot),
    preload: await Promise.all(files.filter((name) => name !== schemaRoot).map(load)),
  })
}

const streamText = (stream: PDFRawStream) => {
  const raw = Buffer.from(stream.getContents())
  const packed = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
  return (packed ? inflateSync(raw) : raw).toString('utf8')
}

/** The files embedded in a PDF, by name. */
export async function pdfAttachments(bytes: Uint8Array): Promise<Map<string, string>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const list = doc.catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    ?.lookupMaybe(PDFName.of('Names'), PDFArray)
  const files = new Map<string, string>()
  for (let index = 0; list && index < list.size(); index += 2) {
    const key = list.lookup(index)
    const name = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : ''
    const stream = list
      .lookupMaybe(index + 1, PDFDict)
      ?.lookupMaybe(PDFName.of('EF'), PDFDict)
      ?.lookup(PDFName.of('F'))
    if (stream instanceof PDFRawStream) files.set(name, streamText(stream))
  }
  return files
}

/** A PDF's XMP metadata packet (the catalog's /Metadata stream), or null without one. */
export async function pdfXmp(bytes: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const stream = doc.catalog.lookup(PDFName.of('Metadata'))
  return stream instanceof PDFRawStream ? streamText(stream) : null
}
