import { z } from 'zod'
import { isCalendarDay } from './format'
import type { VatRate } from './products'

/**
 * The bookkeeping settings of an organisation (ADR 072): where its DATEV export goes (consultant
 * and client number) and which accounts it books on. Shared by the form and the service.
 */

export const chartsOfAccounts = ['skr03', 'skr04'] as const
export type ChartOfAccounts = (typeof chartsOfAccounts)[number]
export const chartLabels: Record<ChartOfAccounts, string> = { skr03: 'SKR 03', skr04: 'SKR 04' }

export interface AccountMapping {
  revenue19Account: number
  revenue7Account: number
  revenue0Account: number
  bankAccount: number
  clearingAccount: number
  debtorAccount: number
}

/**
 * The standard charts' accounts: revenue accounts are automatic accounts (the VAT rate is part of
 * the account, so bookings on them carry no tax key); 0 % goes to the tax-free revenue account;
 * one collective debtor for all customers (ADR 072).
 */
export const defaultAccounts: Record<ChartOfAccounts, AccountMapping> = {
  skr03: {
    revenue19Account: 8400,
    revenue7Account: 8300,
    revenue0Account: 8100,
    bankAccount: 1200,
    clearingAccount: 1360,
    debtorAccount: 10000,
  },
  skr04: {
    revenue19Account: 4400,
    revenue7Account: 4300,
    revenue0Account: 4100,
    bankAccount: 1800,
    clearingAccount: 1460,
    debtorAccount: 10000,
  },
}

export const revenueAccountField: Record<VatRate, keyof AccountMapping> = {
  '19': 'revenue19Account',
  '7': 'revenue7Account',
  '0': 'revenue0Account',
}

export interface BookkeepingSettings extends AccountMapping {
  consultantNumber: number
  clientNumber: number
  chart: ChartOfAccounts
  /** 1 = January. */
  fiscalYearStartMonth: number
  accountLength: number
}

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Bitte gib ${label} als Zahl an.` })
    .int(`Bitte gib ${label} als ganze Zahl an.`)
    .min(min, `${label} liegt zwischen ${min} und ${max}.`)
    .max(max, `${label} liegt zwischen ${min} und ${max}.`)

const ledgerAccounts = [
  ['revenue19Account', 'Erlöse 19 %'],
  ['revenue7Account', 'Erlöse 7 %'],
  ['revenue0Account', 'Erlöse steuerfrei'],
  ['bankAccount', 'Bank'],
  ['clearingAccount', 'Geldtransit'],
] as const

export const bookkeepingSettingsInput = z
  .object({
    consultantNumber: whole('die Beraternummer', 1001, 9_999_999),
    clientNumber: whole('die Mandantennummer', 1, 99_999),
    chart: z.enum(chartsOfAccounts, { error: 'Bitte wähle SKR 03 oder SKR 04.' }),
    fiscalYearStartMonth: whole('den Beginn des Wirtschaftsjahres', 1, 12),
    accountLength: whole('die Sachkontenlänge', 4, 8),
    revenue19Account: whole('das Konto', 1, 99_999_999),
    revenue7Account: whole('das Konto', 1, 99_999_999),
    revenue0Account: whole('das Konto', 1, 99_999_999),
    bankAccount: whole('das Konto', 1, 99_999_999),
    clearingAccount: whole('das Konto', 1, 99_999_999),
    debtorAccount: whole('das Debitorenkonto', 1, 999_999_999),
  })
  .superRefine((settings, context) => {
    // DATEV reads ledger accounts with the file's account length and personal accounts with one
    // digit more (debtors start with 1–6, creditors with 7–9).
    const length = settings.accountLength
    for (const [field, label] of ledgerAccounts) {
      if (String(settings[field]).length > length)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `${label}: Ein Sachkonto hat höchstens ${length} Stellen.`,
        })
    }
    const debtor = String(settings.debtorAccount)
    if (debtor.length !== length + 1 || !/^[1-6]/.test(debtor))
      context.addIssue({
        code: 'custom',
        path: ['debtorAccount'],
        message: `Ein Debitorenkonto hat ${length + 1} Stellen und beginnt mit 1 bis 6.`,
      })
  })
export type BookkeepingSettingsInput = z.infer<typeof bookkeepingSettingsInput>

const day = z.string().refine(isCalendarDay, 'Bitte gib Tage als JJJJ-MM-TT an.')

export const bookkeepingPeriodInput = z
  .object({ from: day, to: day })
  .refine((period) => period.from <= period.to, {
    message: 'Der Zeitraum endet vor seinem Beginn.',
    path: ['to'],
  })
export type BookkeepingPeriod = z.infer<typeof bookkeepingPeriodInput>

/** The first day of the fiscal year `day` (`YYYY-MM-DD`) falls in. */
export function fiscalYearStartOf(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  const startYear = month >= startMonth ? year : year - 1
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`
}

export const datevExportFileName = (period: BookkeepingPeriod, extension: 'csv' | 'zip') =>
  `EXTF_Buchungsstapel_${period.from.replaceAll('-', '')}_${period.to.replaceAll('-', '')}.${extension}`

/** The settings as the form holds them: entries are text until the schema reads them. */
export type BookkeepingSettingsFormValues = { [Key in keyof BookkeepingSettingsInput]: string }

export const monthNames = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const
