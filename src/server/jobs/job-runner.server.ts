import type { Logger } from '../logger.server'

/**
 * Background work that repeats on an interval inside each app process (reservation expiry, mail
 * delivery, refunds, purges; `app.server.ts` lists them). Every process runs every job: a job
 * must be safe with several processes at once (lock its rows with `FOR UPDATE SKIP LOCKED`).
 * Tests call a job's `run` directly instead of waiting for the runner.
 */
export interface IntervalJob {
  /** Short name for the log and the audit trail's system actor, e.g. `reservation-expiry`. */
  name: string
  intervalMs: number
  /** One pass; answers how many records it handled (logged when more than none). */
  run(): Promise<number>
}

export interface JobRunner {
  /** Stops scheduling and waits for passes under way. */
  stop(): Promise<void>
}

/**
 * Starts each job on its interval (the first pass after one interval, so starting stays quiet).
 * A pass never overlaps the job's previous one; a failed pass is logged and the next one tries
 * again. Timers do not keep the process alive.
 */
export function startJobs(jobs: readonly IntervalJob[], logger: Logger): JobRunner {
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<void>>()
  let stopped = false
  for (const job of jobs) {
    let busy = false
    const log = logger.child({ job: job.name })
    const tick = () => {
      if (busy || stopped) return
      busy = true
      const pass = job
        .run()
        .then((handled) => {
          if (handled > 0) log.info({ handled }, 'job pass')
        })
        .catch((error: unknown) => log.error({ err: error }, 'job pass failed'))
        .finally(() => {
          busy = false
          running.delete(pass)
        })
      running.add(pass)
    }
    const timer = setInterval(tick, job.intervalMs)
    timer.unref()
    timers.push(timer)
  }
  return {
    async stop() {
      stopped = true
      for (const timer of timers) clearInterval(timer)
      await Promise.all(running)
    },
  }
}
