type Results<Steps extends readonly (() => unknown)[]> = {
  -readonly [Index in keyof Steps]: Awaited<ReturnType<Steps[Index]>>
}

/**
 * Runs the steps one after another and answers their results in order, like `Promise.all` of
 * them. For queries on a service's `db`, which is often one transaction (a server function's call,
 * ADR 050): a connection runs one query at a time, queries sent side by side only queue up inside
 * pg, and pg 9 refuses them (ADR 084).
 */
export async function inSequence<const Steps extends readonly (() => unknown)[]>(
  steps: Steps,
): Promise<Results<Steps>> {
  const results: unknown[] = []
  for (const step of steps) results.push(await step())
  return results as Results<Steps>
}
