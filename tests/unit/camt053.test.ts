import { buffer } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { DomainError } from '~/server/errors.server'
import { parseCamt053, parseStatementFile } from '~/server/payments/camt053.server'
import { camt053Xml, type StatementDraft } from '~/server/payments/camt053-writer'

/** ADR 071: camt.053 statements read safely, both versions, single or zipped. */

const draft = (
  version: StatementDraft['version'],
  statementId = 'STMT-2026-11-28',
): StatementDraft => ({
  version,
  statementId,
  iban: 'DE89370400440532013000',
  createdAt: '2026-11-28T18:00:00+01:00',
  entries: [
    {
      amountCents: 4250,
      bookedOn: '2026-11-27',
      reference: '2026112700001',
      remittance: ['Bestellung AB-2026-00012', 'Danke & Gruß'],
      payerName: 'Müller, Jana',
      endToEndId: 'E2E-1',
    },
    { amountCents: 1999, credit: false, bookedOn: '2026-11-27', reference: '2026112700002' },
    { amountCents: 500, bookedOn: '2026-11-28', reference: null, remittance: ['RE 2026 00003'] },
  ],
})

const bytes = (text: string) => new TextEncoder().encode(text)

async function zipOf(files: [string, string][]): Promise<Uint8Array> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of files) zip.addBuffer(Buffer.from(content), name)
  zip.end()
  return new Uint8Array(await buffer(zip.outputStream))
}

async function refusal(run: () => unknown): Promise<DomainError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('camt.053 parser', () => {
  it.each(['camt.053.001.02', 'camt.053.001.08'] as const)('reads a %s statement', (version) => {
    const [statement] = parseCamt053(bytes(camt053Xml(draft(version))), 'auszug.xml')
    expect(statement).toMatchObject({
      version,
      statementId: 'STMT-2026-11-28',
      iban: 'DE89370400440532013000',
    })
    expect(statement?.entries[0]).toEqual({
      reference: '2026112700001',
      amountCents: 4250,
      currency: 'EUR',
      credit: true,
      bookedOn: '2026-11-27',
      remittance: 'Bestellung AB-2026-00012 Danke & Gruß',
      payerName: 'Müller, Jana',
      endToEndId: 'E2E-1',
    })
    expect(statement?.entries[1]).toMatchObject({ credit: false, amountCents: 1999 })
    // Without the bank's reference the entry is identified by a hash, the same on every reading.
    const hashed = statement?.entries[2]?.reference
    expect(hashed).toMatch(/^sha256:[0-9a-f]{40}$/)
    expect(parseCamt053(bytes(camt053Xml(draft(version))), 'x.xml')[0]?.entries[2]?.reference).toBe(
      hashed,
    )
    expect(statement?.entries[2]?.endToEndId).toBeNull()
  })

  it('decodes character references, expands no other entity', () => {
    const xml = camt053Xml(draft('camt.053.001.02')).replace(
      'Danke &amp; Gruß',
      'Gr&#252;&#xDF;e &amp; &unknown;',
    )
    expect(parseCamt053(bytes(xml), 'a.xml')[0]?.entries[0]?.remittance).toBe(
      'Bestellung AB-2026-00012 Grüße & &unknown;',
    )
  })

  it('takes the Berlin day of a booking date-time with an offset', () => {
    const xml = camt053Xml(draft('camt.053.001.08')).replace(
      '<BookgDt><Dt>2026-11-27</Dt></BookgDt>',
      '<BookgDt><DtTm>2026-11-27T23:30:00Z</DtTm></BookgDt>',
    )
    expect(parseCamt053(bytes(xml), 'a.xml')[0]?.entries[0]?.bookedOn).toBe('2026-11-28')
  })

  it('reads every statement of a ZIP and skips what is no XML', async () => {
    const zip = await zipOf([
      ['auszug-1.xml', camt053Xml(draft('camt.053.001.02', 'A-1'))],
      ['auszug-2.XML', camt053Xml(draft('camt.053.001.08', 'A-2'))],
      ['liesmich.txt', 'nichts'],
    ])
    const statements = await parseStatementFile(zip, 'auszuege.zip')
    expect(statements.map((statement) => statement.statementId)).toEqual(['A-1', 'A-2'])
  })

  it('refuses broken XML in German', async () => {
    const error = await refusal(() =>
      parseStatementFile(
        bytes(camt053Xml(draft('camt.053.001.02')).replace('</Stmt>', '')),
        'b.xml',
      ),
    )
    expect(error.status).toBe(422)
    expect(error.message).toContain('„b.xml“ ist keine gültige XML-Datei')
  })

  it('refuses a DTD and entity definitions before parsing', async () => {
    const laughs = camt053Xml(draft('camt.053.001.02')).replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>',
    )
    const error = await refusal(() => parseStatementFile(bytes(laughs), 'bomb.xml'))
    expect(error.status).toBe(422)
    expect(error.message).toContain('enthält eine DTD')
  })

  it('refuses other XML and other camt versions', async () => {
    const other = camt053Xml(draft('camt.053.001.02')).replace('camt.053.001.02', 'camt.052.001.02')
    expect((await refusal(() => parseStatementFile(bytes(other), 'c.xml'))).message).toContain(
      'kein Kontoauszug im Format camt.053',
    )
    const noAccount = camt053Xml(draft('camt.053.001.08')).replace(/<Acct>.*<\/Acct>/, '')
    expect((await refusal(() => parseStatementFile(bytes(noAccount), 'd.xml'))).message).toContain(
      'fehlerhaft: Document/BkToCstmrStmt/Stmt/0/Acct',
    )
    const badAmount = camt053Xml(draft('camt.053.001.08')).replace('>42.50<', '>42,50<')
    expect((await refusal(() => parseStatementFile(bytes(badAmount), 'e.xml'))).message).toContain(
      'Ntry/0/Amt',
    )
  })

  it('refuses an oversize file, an oversize entry in a ZIP, and a broken ZIP', async () => {
    const large = new Uint8Array(10 * 1024 * 1024 + 1)
    expect((await refusal(() => parseStatementFile(large, 'gross.xml'))).status).toBe(413)
    const padded = camt053Xml(draft('camt.053.001.02')).replace(
      '<Stmt>',
      `<Stmt>${' '.repeat(10 * 1024 * 1024)}`,
    )
    const bomb = await zipOf([['auszug.xml', padded]])
    expect(bomb.byteLength).toBeLessThan(100_000)
    const error = await refusal(() => parseStatementFile(bomb, 'bombe.zip'))
    expect(error.message).toMatch(/zu groß|ungewöhnlich stark gepackt/)
    const broken = (await zipOf([['a.xml', 'x']])).slice(0, 30)
    expect((await refusal(() => parseStatementFile(broken, 'kaputt.zip'))).message).toContain(
      'ZIP-Datei ist beschädigt',
    )
  })

  it('refuses a ZIP without statements', async () => {
    const zip = await zipOf([['liesmich.txt', 'nichts']])
    expect((await refusal(() => parseStatementFile(zip, 'leer.zip'))).message).toContain(
      'keine XML-Datei',
    )
  })
})
