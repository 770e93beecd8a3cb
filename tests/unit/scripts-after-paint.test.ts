import type { ServerManifest } from '@tanstack/router-core'
import { describe, expect, it } from 'vitest'
import { loadScriptsAfterFirstPaint } from '~/server/scripts-after-paint.server'

const built: ServerManifest = {
  routes: {
    __root__: {
      filePath: 'src/routes/__root.tsx',
      preloads: ['/assets/index.js', '/assets/framework.js'],
      scripts: [{ attrs: { type: 'module', async: true, src: '/assets/index.js' } }],
    },
    '/_shop': {
      preloads: [{ href: '/assets/shop.js', crossOrigin: 'anonymous' }],
      scripts: [{ children: 'keep()' }],
    },
    '/_shop/blueten': { preloads: ['/assets/</script>.js'] },
    '/login': { css: ['/assets/app.css'] },
  },
}

interface FakeElement {
  tag: string
  [attribute: string]: unknown
}

/**
 * Runs a route's loader against a document that records what is appended to its head, with the
 * browser's frame and timer queues under the test's control.
 */
function runLoader(code: string, { hidden = false } = {}) {
  const appended: FakeElement[] = []
  const frames: Array<() => void> = []
  const document = {
    hidden,
    createElement: (tag: string): FakeElement => ({ tag }),
    head: { appendChild: (element: FakeElement) => appended.push(element) },
  }
  new Function('document', 'requestAnimationFrame', code)(document, (callback: () => void) =>
    frames.push(callback),
  )
  /** Renders the next frame: runs the callbacks queued for it. */
  const renderFrame = () => {
    for (const callback of frames.splice(0)) callback()
  }
  return { appended, frames, renderFrame }
}

function loaderOf(manifest: ServerManifest, routeId: string): string {
  const scripts = manifest.routes[routeId]?.scripts ?? []
  const loader = scripts.at(-1)?.children
  if (typeof loader !== 'string') throw new Error(`${routeId} has no loader`)
  return loader
}

describe('scripts after the first paint', () => {
  const manifest = loadScriptsAfterFirstPaint(built)

  it('names no preload and no entry script a page would fetch while it is parsed', () => {
    for (const route of Object.values(manifest.routes)) {
      expect(route.preloads).toBeUndefined()
      for (const script of route.scripts ?? []) expect(script.attrs?.src).toBeUndefined()
    }
    // What the routes had besides stays as it was.
    expect(manifest.routes['/_shop']?.scripts?.[0]).toEqual({ children: 'keep()' })
    expect(manifest.routes['/login']).toEqual({ css: ['/assets/app.css'] })
    expect(manifest.routes.__root__?.filePath).toBe('src/routes/__root.tsx')
  })

  it('adds the preloads and the entry once the first frame has been painted', () => {
    const { appended, renderFrame } = runLoader(loaderOf(manifest, '__root__'))
    expect(appended).toEqual([])
    // The first frame's callback runs before that frame is painted: still nothing.
    renderFrame()
    expect(appended).toEqual([])
    renderFrame()
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/index.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
      { tag: 'script', type: 'module', src: '/assets/index.js' },
    ])
  })

  it("keeps a preload's crossorigin and cannot close its own script element", () => {
    const shop = runLoader(loaderOf(manifest, '/_shop'))
    shop.renderFrame()
    shop.renderFrame()
    expect(shop.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: 'anonymous', href: '/assets/shop.js' },
    ])

    const blueten = loaderOf(manifest, '/_shop/blueten')
    expect(blueten).not.toContain('</script>')
    const page = runLoader(blueten)
    page.renderFrame()
    page.renderFrame()
    expect(page.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/</script>.js' },
    ])
  })

  it('loads at once in a tab that is hidden and paints no frame', () => {
    const { appended, frames } = runLoader(loaderOf(manifest, '__root__'), { hidden: true })
    expect(frames).toEqual([])
    expect(appended.map((element) => element.tag)).toEqual(['link', 'link', 'script'])
  })
})
