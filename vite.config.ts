import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
/**
 * Changes with every build; the client compares it with /api/version to offer a reload. Kept in
 * the environment because the build loads this config once per environment (client, server), and
 * both must carry the same id.
 */
process.env.BLATTWERK_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
const buildId = process.env.BLATTWERK_BUILD_ID

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  // The client manifest lists each chunk's static imports; the JS budget test follows them.
  environments: { client: { build: { manifest: true } } },
  plugins: [tailwindcss(), tanstackStart({ srcDirectory: 'src' }), viteReact()],
})
