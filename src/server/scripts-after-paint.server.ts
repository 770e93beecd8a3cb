import type { ManifestAssetLink, ManifestScript, ServerManifest } from '@tanstack/router-core'

/**
 * Start's build manifest, rewritten so a page is painted before its JavaScript is fetched
 * (ADR 083). Start puts `<link rel="modulepreload">` for every chunk of the matched routes into the
 * head and the entry as `<script type="module" async>` into the body: on a fast connection the
 * browser then fetches and runs the app before its first paint, and on a slow one the scripts take
 * the bandwidth the page's text, stylesheet and font need. Here each route's preloads and the
 * entry become one small inline script per route that adds the same links and the same module
 * script once the server-rendered page has been painted. The page cache admits these inline scripts
 * by their hashes like any other script carrying the render's nonce (ADR 082).
 */
export function loadScriptsAfterFirstPaint(manifest: ServerManifest): ServerManifest {
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([routeId, route]) => {
      const { preloads = [], scripts = [], ...rest } = route
      const entries = scripts.filter(isModuleEntry)
      if (preloads.length === 0 && entries.length === 0) return [routeId, route]
      const loader: ManifestScript = {
        children: afterFirstPaint(
          preloads.map(preloadArgument),
          entries.map((entry) => String(entry.attrs?.src)),
        ),
      }
      const otherScripts = scripts.filter((script) => !isModuleEntry(script))
      return [routeId, { ...rest, scripts: [...otherScripts, loader] }]
    }),
  )
  return { ...manifest, routes }
}

function isModuleEntry(script: ManifestScript): boolean {
  return script.attrs?.type === 'module' && typeof script.attrs.src === 'string' && !script.children
}

/** A JSON literal safe inside an inline script: `<` cannot close the script element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c')
}

/** A preload as the loader takes it: the URL, or the URL and its `crossorigin` value. */
function preloadArgument(link: ManifestAssetLink): string | [string, string] {
  if (typeof link === 'string') return link
  return link.crossOrigin ? [link.href, link.crossOrigin] : link.href
}

/**
 * The inline loader: once the first frame is on screen, it adds `<link rel="modulepreload">` for
 * `preloads` and `<script type="module">` for `entries`. An animation frame callback runs before
 * its frame is painted; the next frame's callback runs after the first was presented (a timer
 * queued from the first callback may still fire before the screen shows it). A hidden tab paints
 * no frames: it loads at once.
 */
function afterFirstPaint(preloads: Array<string | [string, string]>, entries: string[]): string {
  return (
    '(function(){function add(tag,set){var e=document.createElement(tag);set(e);document.head.appendChild(e)}' +
    'function load(){' +
    `${scriptLiteral(preloads)}.forEach(function(p){add("link",function(l){l.rel="modulepreload";if(Array.isArray(p)){l.crossOrigin=p[1];p=p[0]}l.href=p})});` +
    `${scriptLiteral(entries)}.forEach(function(src){add("script",function(s){s.type="module";s.src=src})})}` +
    'document.hidden?load():requestAnimationFrame(function(){requestAnimationFrame(load)})})()'
  )
}
