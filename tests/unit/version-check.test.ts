import {
  environmentManager,
  focusManager,
  onlineManager,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  isNewBuild,
  type VersionResponse,
  versionCheckIntervalMs,
  versionQueryOptions,
} from '~/features/version-check/version-query'

describe('the hourly version check', () => {
  const runsOnServer = environmentManager.isServer()
  let queryClient: QueryClient
  let unsubscribe: () => void

  beforeEach(() => {
    vi.useFakeTimers()
    // Without a window query-core assumes a server and schedules no refetch interval at all.
    environmentManager.setIsServer(() => false)
    // Node has no document; set both explicitly so the interval neither pauses nor waits.
    focusManager.setFocused(true)
    onlineManager.setOnline(true)
    queryClient = new QueryClient()
    // As QueryClientProvider does; the client then hears focus and online changes.
    queryClient.mount()
  })

  afterEach(() => {
    unsubscribe()
    queryClient.unmount()
    queryClient.clear()
    focusManager.setFocused(undefined)
    environmentManager.setIsServer(() => runsOnServer)
    vi.useRealTimers()
  })

  function observe(fetchVersion: () => Promise<VersionResponse>) {
    const observer = new QueryObserver(queryClient, versionQueryOptions(fetchVersion))
    unsubscribe = observer.subscribe(() => {})
    return observer
  }

  it('asks at start and then once an hour', async () => {
    const fetchVersion = vi.fn(async () => ({ version: '0.1.0', buildId: 'test-build' }))
    const observer = observe(fetchVersion)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchVersion).toHaveBeenCalledTimes(1)
    expect(observer.getCurrentResult().data).toEqual({ version: '0.1.0', buildId: 'test-build' })

    await vi.advanceTimersByTimeAsync(3_599_999)
    expect(fetchVersion).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchVersion).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3_599_999)
    expect(fetchVersion).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchVersion).toHaveBeenCalledTimes(3)
    expect(versionCheckIntervalMs).toBe(3_600_000)
  })

  it('does not ask while the tab is hidden, but once it is shown again', async () => {
    const fetchVersion = vi.fn(async () => ({ version: '0.1.0', buildId: 'test-build' }))
    observe(fetchVersion)
    await vi.advanceTimersByTimeAsync(0)
    focusManager.setFocused(false)
    await vi.advanceTimersByTimeAsync(3 * versionCheckIntervalMs)
    expect(fetchVersion).toHaveBeenCalledTimes(1)
    focusManager.setFocused(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchVersion).toHaveBeenCalledTimes(2)
  })

  it('does not ask again on focus while the last answer is fresh', async () => {
    const fetchVersion = vi.fn(async () => ({ version: '0.1.0', buildId: 'test-build' }))
    observe(fetchVersion)
    await vi.advanceTimersByTimeAsync(0)
    focusManager.setFocused(false)
    await vi.advanceTimersByTimeAsync(60_000)
    focusManager.setFocused(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchVersion).toHaveBeenCalledTimes(1)
  })

  it('keeps asking hourly after a failed check, without retrying it', async () => {
    const fetchVersion = vi
      .fn<() => Promise<VersionResponse>>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValue({ version: '0.2.0', buildId: 'next-build' })
    const observer = observe(fetchVersion)
    await vi.advanceTimersByTimeAsync(0)
    expect(observer.getCurrentResult().status).toBe('error')
    await vi.advanceTimersByTimeAsync(versionCheckIntervalMs - 1)
    expect(fetchVersion).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchVersion).toHaveBeenCalledTimes(2)
    expect(observer.getCurrentResult().data).toEqual({ version: '0.2.0', buildId: 'next-build' })
  })
})

describe('isNewBuild', () => {
  it('is true only when the server answers another build', () => {
    expect(isNewBuild({ buildId: 'next-build' }, 'this-build')).toBe(true)
    expect(isNewBuild({ buildId: 'this-build' }, 'this-build')).toBe(false)
    expect(isNewBuild(undefined, 'this-build')).toBe(false)
  })

  it('compares with the running build by default', () => {
    // vitest.config.ts defines the running build as `test-build`.
    expect(isNewBuild({ buildId: 'test-build' })).toBe(false)
    expect(isNewBuild({ buildId: 'next-build' })).toBe(true)
  })
})
