import { guestCartPurgeJob } from './cart/cart.server'
import { type AppConfig, parseConfig } from './config.server'
import { contactRetentionJob } from './contact-retention.server'
import {
  type Database,
  type DatabaseHandle,
  databaseTargetFromConfig,
  openDatabase,
} from './db/client.server'
import { isDatabaseEmpty, seedDemoData } from './db/seed.server'
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
import { checkAppSecret, createSecretBox, loadAppSecret, type SecretBox } from './secrets.server'
import { reservationExpiryJob, reservationReminderJob } from './shop/reservation-expiry.server'
import { loadSigningKeys, type SigningKeys } from './signing-keys.server'
import { watchTenantChanges } from './tenants.server'

export interface App {
  config: AppConfig
  logger: Logger
  database: DatabaseHandle
  db: Database
  keys: SigningKeys
  /** Seals and opens stored secrets (Mollie keys) with the app secret. */
  secrets: SecretBox
  /** Looks up the TXT records that prove a tenant's own domain (ADR 049). */
  dns: TxtResolver
  /** True when this start filled an empty embedded store with the demo data. */
  seededDemoData: boolean
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
    await database.migrate()
    // Demo data only ever lands in the embedded store by itself; a real PostgreSQL is seeded on request.
    const seededDemoData = database.driver === 'pglite' && (await isDatabaseEmpty(database.db))
    if (seededDemoData) await seedDemoData(database.db)
    const keys = await loadSigningKeys({
      privateJwk: config.AUTH_PRIVATE_JWK,
      dataDir: config.DATA_DIR,
    })
    const appSecret = await loadAppSecret({
      appSecret: config.APP_SECRET,
      dataDir: config.DATA_DIR,
    })
    await checkAppSecret(database.db, appSecret)
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
        reservationExpiryJob(database.db),
        reservationReminderJob(database.db),
        mailDeliveryJob({ db: database.db, transport, logger }),
        mailPurgeJob(database.db),
        mollieRefundJob({ db: database.db, secrets, config, logger }),
        guestCartPurgeJob(database.db),
        contactRetentionJob(database.db),
        customDomainCheckJob(database.db, dns),
      ],
      logger,
    )
    logger.info({ driver: database.driver, seededDemoData }, 'app ready')
    return {
      config,
      logger,
      database,
      db: database.db,
      keys,
      secrets,
      dns,
      seededDemoData,
      jobs,
    }
  } catch (error) {
    await database.close()
    throw error
  }
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
