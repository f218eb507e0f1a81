import { defineConfig } from 'vitest/config'

// Three suites share one runner: unit tests of pure logic, integration tests against real
// anvil/PGlite/Postgres, and browser tests that drive Debian's Chromium against the running stack.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.int.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // One browser-driving file at a time: two cores, one shared stack.
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
