import type { CamtVersion } from '../../lib/bank-statements'

/**
 * Writes a camt.053 statement the way German banks export it — for the demo's statement
 * (`scripts/demo-camt053.ts`) and the tests, which read it back with the parser. Only the
 * elements the matching reads, plus the usual frame (group header, balances left out).
 */

export interface StatementEntryDraft {
  amountCents: number
  credit?: boolean
  currency?: string
  bookedOn: string
  /** The bank's entry reference; left out when null (the parser then hashes the entry). */
  reference: string | null
  remittance?: string[]
  payerName?: string
  endToEndId?: string
}

export interface StatementDraft {
  version: CamtVersion
  statementId: string
  iban: string
  createdAt: string
  entries: StatementEntryDraft[]
}

const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const amountOf = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

function entryXml(entry: StatementEntryDraft, version: CamtVersion): string {
  const debtor = entry.payerName
    ? version === 'camt.053.001.02'
      ? `<RltdPties><Dbtr><Nm>${escaped(entry.payerName)}</Nm></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Pty><Nm>${escaped(entry.payerName)}</Nm></Pty></Dbtr></RltdPties>`
    : ''
  const status = version === 'camt.053.001.02' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>'
  const lines = (entry.remittance ?? []).map((line) => `<Ustrd>${escaped(line)}</Ustrd>`).join('')
  return [
    '<Ntry>',
    `<Amt Ccy="${entry.currency ?? 'EUR'}">${amountOf(entry.amountCents)}</Amt>`,
    `<CdtDbtInd>${entry.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    status,
    `<BookgDt><Dt>${entry.bookedOn}</Dt></BookgDt>`,
    `<ValDt><Dt>${entry.bookedOn}</Dt></ValDt>`,
    entry.reference ? `<AcctSvcrRef>${escaped(entry.reference)}</AcctSvcrRef>` : '',
    '<BkTxCd><Prtry><Cd>NTRF+166</Cd><Issr>DK</Issr></Prtry></BkTxCd>',
    '<NtryDtls><TxDtls>',
    `<Refs><EndToEndId>${escaped(entry.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>`,
    debtor,
    lines ? `<RmtInf>${lines}</RmtInf>` : '',
    '</TxDtls></NtryDtls>',
    '</Ntry>',
  ].join('')
}

export function camt053Xml(statement: StatementDraft): string {
  const { version } = statement
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<BkToCstmrStmt>',
    `<GrpHdr><MsgId>${escaped(statement.statementId)}-MSG</MsgId><CreDtTm>${statement.createdAt}</CreDtTm></GrpHdr>`,
    '<Stmt>',
    `<Id>${escaped(statement.statementId)}</Id>`,
    `<CreDtTm>${statement.createdAt}</CreDtTm>`,
    `<Acct><Id><IBAN>${statement.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>`,
    ...statement.entries.map((entry) => entryXml(entry, version)),
    '</Stmt>',
    '</BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n')
}
