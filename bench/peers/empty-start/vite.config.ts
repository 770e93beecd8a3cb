// The floor of issue 36: an empty TanStack Start page (one route, one paragraph, no data), built
// with the same framework versions as the app. `bench/lighthouse.mjs --floor` builds and measures it
// beside the app's pages (ADR 083).
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tanstackStart({ srcDirectory: 'src' }), viteReact()],
})
