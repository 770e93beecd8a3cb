import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { buildInfo } from '~/lib/build-info'

/** How often an open tab asks whether a newer build is deployed. */
export const versionCheckIntervalMs = 3_600_000

const versionResponseSchema = z.object({ version: z.string(), buildId: z.string() })
export type VersionResponse = z.infer<typeof versionResponseSchema>

/** `GET /api/version`; public, so it needs no session or API client. */
async function defaultFetchVersion(): Promise<VersionResponse> {
  const response = await fetch('/api/version', {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`Die Versionsabfrage ist fehlgeschlagen (${response.status}).`)
  return versionResponseSchema.parse(await response.json())
}

/**
 * Asks hourly while the tab is visible, and on focus once the last answer is an hour old; a failed
 * check simply waits for the next one.
 */
export function versionQueryOptions(
  fetchVersion: () => Promise<VersionResponse> = defaultFetchVersion,
) {
  return queryOptions({
    queryKey: ['app-version'],
    queryFn: () => fetchVersion(),
    refetchInterval: versionCheckIntervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: versionCheckIntervalMs,
    retry: false,
  })
}

/** Whether the server answered a build other than the one running in this tab. */
export function isNewBuild(
  answered: { buildId: string } | undefined,
  runningBuildId: string = buildInfo.buildId,
): boolean {
  return answered !== undefined && answered.buildId !== runningBuildId
}
