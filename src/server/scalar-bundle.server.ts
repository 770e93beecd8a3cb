import { openAsBlob } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * Scalar's prebuilt browser bundle (ADR 061): one script holding the viewer, Vue and its styles,
 * which defines `window.Scalar`. The package exports only its module entry, in whose `dist`
 * folder the bundle lies; resolved from here, both the dev server's source and the production
 * server's bundle find the app's node_modules.
 */
let bundlePath: string | undefined

function scalarBundlePath(): string {
  bundlePath ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser/standalone.js',
  )
  return bundlePath
}

/**
 * The bundle as the answer to GET. Its URL carries the build id (`scalarBundleUrl`), so it is
 * cached for a year; the production server compresses it like every script response.
 */
export async function scalarBundleResponse(): Promise<Response> {
  return new Response(await openAsBlob(scalarBundlePath()), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
