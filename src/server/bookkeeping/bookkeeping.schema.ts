import { sql } from 'drizzle-orm'
import { check, integer, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { chartsOfAccounts } from '../../lib/bookkeeping'
import { organisations, users } from '../db/core.schema'

export const chartOfAccounts = pgEnum('chart_of_accounts', chartsOfAccounts)

/**
 * An organisation's bookkeeping settings for the DATEV export (ADR 072): the accountant's
 * consultant and client number, the chart, the fiscal year and the accounts it books on. One row
 * per organisation; without it there is no export.
 */
export const bookkeepingSettings = pgTable(
  'bookkeeping_settings',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    consultantNumber: integer('consultant_number').notNull(),
    clientNumber: integer('client_number').notNull(),
    chart: chartOfAccounts('chart').notNull(),
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    accountLength: integer('account_length').notNull().default(4),
    revenue19Account: integer('revenue_19_account').notNull(),
    revenue7Account: integer('revenue_7_account').notNull(),
    revenue0Account: integer('revenue_0_account').notNull(),
    bankAccount: integer('bank_account').notNull(),
    clearingAccount: integer('clearing_account').notNull(),
    debtorAccount: integer('debtor_account').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    check(
      'bookkeeping_settings_consultant',
      sql`${table.consultantNumber} between 1001 and 9999999`,
    ),
    check('bookkeeping_settings_client', sql`${table.clientNumber} between 1 and 99999`),
    check('bookkeeping_settings_month', sql`${table.fiscalYearStartMonth} between 1 and 12`),
    check('bookkeeping_settings_length', sql`${table.accountLength} between 4 and 8`),
  ],
)
