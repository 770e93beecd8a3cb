import { sql } from 'drizzle-orm'
import { guestCartPurgeJob } from './cart/cart.server'
import { type AppConfig, parseConfig } from './config.server'
import {
  type Database,
  type DatabaseHandle,
  databaseTargetFromConfig,
  openDatabase,
} from './db/client.server'
import { queryRows } from './db/query-rows.server'
import { type JobRunner, startJobs } from './jobs/job-runner.server'
import { endLiveStreams, watchLiveEvents } from './live/live-events.server'
import { createLogger, type Logger } from './logger.server'
import { createMailTransport, mailDeliveryJob, mailPurgeJob } from './mail/outbox.server'
import {
  createTxtResolver,
  customDomainCheckJob,
  type TxtResolver,
} from './organisations/custom-domains.server'
import { mollieRefundJob } from './payments/mollie-payments.server'
import { setPublicOriginConfig } from './public-origin.server'
import { retentionJob } from './retention/retention.server'
import { checkAppSecret, createSecretBox, loadAppSecret, type SecretBox } from './secrets.server'
import { reservationExpiryJob, reservationReminderJob } from './shop/reservation-expiry.server'
import { loadSigningKeys, type SigningKeys } from './signing-keys.server'
import { watchTenantChanges } from './tenants.server'

export interface App {
  config: AppConfig
  logger: Logger
  /** Calls run in their actor's scope (`database.inScope`), Mollie flows in `database.scoped`. */
  database: DatabaseHandle
  /**
   * Every row of every organisation (ADR 050): for jobs, login and refresh, the tenant cache and
   * the other paths the ADR lists — never for a call that has an actor.
   */
  systemDb: Database
  keys: SigningKeys
  /** Seals and opens stored secrets (Mollie keys) with the app secret. */
  secrets: SecretBox
  /** Looks up the TXT records that prove a tenant's own domain (ADR 049). */
  dns: TxtResolver
  /** The background jobs of this process; stopped before the database closes. */
  jobs: JobRunner
}

let starting: Promise<App> | undefined

async function start(env: Record<string, string | undefined>): Promise<App> {
  const config = parseConfig(env)
  setPublicOriginConfig(config)
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === 'development',
  })
  const database = await openDatabase(databaseTargetFromConfig(config))
  try {
    // The demo data is not this module's concern: `npm start` seeds an empty embedded store in a
    // step of its own before the app starts (scripts/db.ts, ADR 059).
    await database.migrate()
    const keys = await loadSigningKeys({
      privateJwk: config.AUTH_PRIVATE_JWK,
      dataDir: config.DATA_DIR,
    })
    const appSecret = await loadAppSecret({
      appSecret: config.APP_SECRET,
      dataDir: config.DATA_DIR,
    })
    await checkAppSecret(database.systemDb, appSecret)
    if (await bypassesRowLevelSecurity(database)) {
      logger.warn(
        'the database role is a superuser or has BYPASSRLS: row-level security does not bind it (see README, "Database roles")',
      )
    }
    await watchTenantChanges(database)
    await watchLiveEvents(database)
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      appDomain: config.APP_DOMAIN,
      logger,
    })
    const secrets = createSecretBox(appSecret)
    const dns = createTxtResolver()
    const jobs = startJobs(
      [
        reservationExpiryJob(database.systemDb),
        reservationReminderJob(database.systemDb),
        mailDeliveryJob({ db: database.systemDb, transport, logger }),
        mailPurgeJob(database.systemDb),
        mollieRefundJob({ db: database.systemDb, secrets, config, logger }),
        guestCartPurgeJob(database.systemDb),
        retentionJob(database.systemDb, logger),
        customDomainCheckJob(database.systemDb, dns),
      ],
      logger,
    )
    logger.info({ driver: database.driver }, 'app ready')
    return {
      config,
      logger,
      database,
      systemDb: database.systemDb,
      keys,
      secrets,
      dns,
      jobs,
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

/** Whether PostgreSQL lets the app's role past every policy (PGlite's superuser always is). */
async function bypassesRowLevelSecurity(database: DatabaseHandle): Promise<boolean> {
  if (database.driver !== 'postgres') return false
  const [role] = await queryRows<{ bypasses: boolean }>(
    database.systemDb,
    sql`select rolsuper or rolbypassrls as bypasses from pg_roles where rolname = current_user`,
  )
  return role?.bypasses ?? false
}

/** Parses the environment, opens and migrates the database, loads the signing keys — once per process. */
export function startApp(env: Record<string, string | undefined> = process.env): Promise<App> {
  starting ??= start(env).catch((error: unknown) => {
    starting = undefined
    throw error
  })
  return starting
}

export const getApp = (): Promise<App> => startApp()

/** The port the server listens on, once known: with `PORT=0` a free one, which links must name. */
export function setListeningPort(app: App, port: number): void {
  app.config.PORT = port
}

/**
 * Ends the live screens' open streams before a shutdown: the server would otherwise wait for them
 * until it is forced to exit. The screens reconnect (to another process or after the restart).
 */
export async function endOpenStreams(): Promise<void> {
  const app = await starting?.catch(() => undefined)
  if (app) endLiveStreams(app.database)
}

export async function stopApp(): Promise<void> {
  if (!starting) return
  const app = await starting.catch(() => undefined)
  starting = undefined
  await app?.jobs.stop()
  await app?.database.close()
}
