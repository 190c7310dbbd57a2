import { defineConfig } from 'vitest/config';

/**
 * Test projects. `npm test` runs unit, integration, infra and web; `npm run test:e2e` runs e2e.
 * Integration tests start the local engines on free ports in a global setup and tear them down.
 */
export default defineConfig({
  test: {
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // Tests count metrics through spies on `metrics.addMetric`; the EMF lines themselves would only be noise.
      POWERTOOLS_METRICS_DISABLED: 'true',
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // a whole pipeline (webhook → queues → workers → table) per test: room for a loaded 2-core CI
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 400_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
