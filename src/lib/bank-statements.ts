import type { SearchSchemaInput } from '@tanstack/react-router'

/**
 * Bank statements read in for matching transfers to orders (ADR 071): the shared names, labels
 * and limits of the upload, the matching and the review.
 */

export const camtVersions = ['camt.053.001.02', 'camt.053.001.08'] as const
export type CamtVersion = (typeof camtVersions)[number]

/** The upload's limit (a month of a busy pharmacy's account is well below 1 MB). */
export const maxStatementFileBytes = 10 * 1024 * 1024
export const statementFileTooLargeMessage =
  'Die Datei ist zu groß (höchstens 10 MB). Bitte lade die Kontoauszüge einzeln hoch.'

/** The matcher's verdict, then the pharmacy's decision. */
export const bankEntryStatuses = ['matched', 'ambiguous', 'unknown', 'booked', 'ignored'] as const
export type BankEntryStatus = (typeof bankEntryStatuses)[number]
/** The entries still waiting for the pharmacy. */
export const openBankEntryStatuses: readonly BankEntryStatus[] = ['matched', 'ambiguous', 'unknown']

export const bankEntryStatusLabels: Record<BankEntryStatus, string> = {
  matched: 'Zugeordnet',
  ambiguous: 'Mehrdeutig',
  unknown: 'Unbekannt',
  booked: 'Gebucht',
  ignored: 'Ignoriert',
}

/** The matcher's proposal, its candidates, and what confirming booked. */
export const bankAllocationKinds = ['proposed', 'candidate', 'booked'] as const
export type BankAllocationKind = (typeof bankAllocationKinds)[number]

export const bankStatementAlreadyReadMessage =
  'Dieser Kontoauszug wurde bereits eingelesen; es wurde nichts geändert.'

export interface BankEntryOrder {
  orderId: string
  number: string
  customerName: string
  kind: 'proposed' | 'candidate' | 'booked'
  amountCents: number
  /** What the customer still owes now. */
  openCents: number
}

export interface BankEntryView {
  id: string
  status: BankEntryStatus
  amountCents: number
  bookedOn: string
  payerName: string | null
  remittance: string
  entryReference: string
  surplusCents: number
  statementId: string
  iban: string
  ownAccount: boolean
  orders: BankEntryOrder[]
}

export interface BankEntryPage {
  items: BankEntryView[]
  total: number
  page: number
  pageSize: number
}

/** The review page's search: which page of which view. */
export interface BankEntrySearch {
  page: number
  view: 'open' | 'done'
}

/**
 * The route's `validateSearch`, without a schema library (ADR 012: every route's search parser is
 * part of the first load): a broken or missing param shows the first page of open entries.
 */
export function bankEntrySearch(
  search: Partial<BankEntrySearch> & SearchSchemaInput,
): BankEntrySearch {
  const page = Number(search.page)
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    view: search.view === 'done' ? 'done' : 'open',
  }
}
