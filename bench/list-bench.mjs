// What the list benchmarks share: a deterministic random source, timing the driver's queries per
// call, percentiles, and the loop that measures each scenario (the databases: `databases.mjs`). The
// benchmarks call the services themselves, so they measure exactly the queries `npm start` runs.
import { cpus, loadavg } from 'node:os'
import { sql } from 'drizzle-orm'

/** A small deterministic PRNG (mulberry32), so every run fills the same rows. */
export function prng(seed) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Wraps a driver's `query` so the time spent inside it adds up per list call. With `serial`,
 * queries a service starts together (`Promise.all`) run one after another and each is timed from
 * its own start: the sum is the database's work, not the time they waited for each other on the
 * one connection.
 */
export function timedQueries(client, { serial = false } = {}) {
  const clock = { total: 0 }
  const query = client.query.bind(client)
  let previous = Promise.resolve()
  client.query = (...args) => {
    const run = async () => {
      const startedAt = performance.now()
      try {
        return await query(...args)
      } finally {
        clock.total += performance.now() - startedAt
      }
    }
    if (!serial) return run()
    const result = previous.then(run)
    previous = result.catch(() => {})
    return result
  }
  return clock
}

const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]
const ms = (value) => Number(value.toFixed(2))

/**
 * Calls `list(search)` for every scenario `warmUp + runs` times and reports p50/p95 of the time
 * inside the driver (`clock`) and of the whole call, against `targetMs` for the database time.
 */
export async function measure({ database, scenarios, list, clock, warmUp, runs, targetMs }) {
  const results = []
  for (const [scenario, search] of scenarios) {
    const dbTimes = []
    const callTimes = []
    let total = 0
    for (let run = 0; run < warmUp + runs; run++) {
      clock.total = 0
      const startedAt = performance.now()
      const page = await list(search)
      const callTime = performance.now() - startedAt
      total = page.total
      if (run >= warmUp) {
        dbTimes.push(clock.total)
        callTimes.push(callTime)
      }
    }
    dbTimes.sort((a, b) => a - b)
    callTimes.sort((a, b) => a - b)
    results.push({
      database,
      scenario,
      matches: total,
      'db p50 ms': ms(percentile(dbTimes, 0.5)),
      'db p95 ms': ms(percentile(dbTimes, 0.95)),
      'call p95 ms': ms(percentile(callTimes, 0.95)),
      [`≤ ${targetMs} ms`]: percentile(dbTimes, 0.95) <= targetMs ? 'yes' : 'NO',
    })
  }
  return results
}

/** PostgreSQL's plans of the queries each scenario's `list(search)` runs on `pool`. */
export async function explain(pool, scenarios, list) {
  const query = pool.query.bind(pool)
  for (const [scenario, search] of scenarios) {
    const statements = []
    pool.query = (text, ...rest) => {
      // drizzle passes (text, values) or (config, values).
      const config = typeof text === 'string' ? { text } : text
      statements.push({ text: config.text, values: rest[0] ?? config.values })
      return query(text, ...rest)
    }
    await list(search)
    pool.query = query
    for (const statement of statements) {
      const plan = await query({
        text: `explain (analyze, buffers) ${statement.text}`,
        values: statement.values,
      })
      console.log(`\n── ${scenario}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`)
    }
  }
}

/** The actor a verified access token of `userId` would give a service. */
export async function businessActor(getActiveBusinessUser, db, userId) {
  const user = await getActiveBusinessUser(db, userId)
  return {
    kind: 'business',
    user,
    organisation: user.organisation,
    sessionId: 'bench',
    requestId: null,
  }
}

/** The machine the figures come from: other work on it inflates every figure. */
export const machineNote = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} at the end (other work on the machine inflates every figure).`

/**
 * Row-level security's cost (ADR 050): `list(search, tx)` in one transaction, once in the system
 * scope on the benchmark's superuser connection (the policies do not bind), once as a role they
 * bind, in the scope of the organisation `organisationOf(search)`. Both pay the same transaction
 * and settings round trips; the difference is the policies.
 */
export async function rowLevelSecurityVariants(pool, db, organisationOf, list) {
  const role = 'blattwerk_bench_app'
  await pool.query(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = '${role}') then
      create role ${role} nologin nosuperuser nobypassrls;
    end if;
  end $$`)
  await pool.query(`grant usage on schema public to ${role}`)
  await pool.query(`grant select, insert, update, delete on all tables in schema public to ${role}`)
  // The benches register tsx before they call this, so the service module loads here.
  const { applyScope } = await import('../src/server/db/scope.server.ts')
  const scoped = (scope, asRole) => (search) =>
    db.transaction(async (tx) => {
      if (asRole) await tx.execute(sql.raw(`set local role ${role}`))
      await applyScope(
        tx,
        scope === 'system'
          ? { kind: 'system' }
          : { kind: scope, organisationId: organisationOf(search) },
      )
      return list(search, tx)
    })
  return { off: scoped('system', false), on: scoped('organisation', true) }
}

/**
 * `measure` for both variants of `rowLevelSecurityVariants`, named by what binds. Their queries
 * run on a transaction's client, which the pool's query clock does not see: compare "call p95".
 */
export async function measureRowLevelSecurity(variants, options) {
  return [
    ...(await measure({ ...options, database: 'PG, RLS off (call p95)', list: variants.off })),
    ...(await measure({ ...options, database: 'PG, RLS on (call p95)', list: variants.on })),
  ]
}
