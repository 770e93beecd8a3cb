import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_ID__: JSON.stringify('test-build'),
  },
  test: {
    // The files mostly wait on databases and app processes: run them side by side even on two
    // cores, where Vitest's default would be one at a time (ADR 038).
    maxWorkers: Math.max(2, availableParallelism()),
    // Files a test attaches (the rendered PDFs) go with the other test output, which git ignores.
    attachmentsDir: 'test-results/attachments',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/queries-one-at-a-time.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
