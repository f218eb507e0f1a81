import { z } from 'zod'
import { installProjectGuard } from '../http/project-guard.ts'
import { integer } from '../module-settings.ts'
import { defineModule } from '../server-module.ts'
import type { BuildServerOptions } from '../server-options.ts'
import { DEFAULT_RETENTION_DAYS } from './retention.ts'
import { analyticsPlugin } from './routes.ts'

/** Analytics ingest at `POST /e`, with the retention of stored events. */
export const analyticsModule = defineModule({
  name: 'analytics',
  settings: z.object({ ANALYTICS_RETENTION_DAYS: integer(1, 3650).default(90) }),
  configure: (vars) => ({ analyticsRetentionDays: vars.ANALYTICS_RETENTION_DAYS }),
  setUp: ({ options }) => ({
    resources: {
      analyticsRetentionDays: options.analyticsRetentionDays,
      analyticsRateLimit: options.analyticsRateLimit,
    },
  }),
  // At the root (`POST /e`) but under the same project and origin rules as /v1.
  async routes(app, { options, database, projects }) {
    await app.register(
      async (ingest) => {
        installProjectGuard(ingest, projects)
        await ingest.register(analyticsPlugin, {
          db: database.db,
          retentionDays: options.analyticsRetentionDays ?? DEFAULT_RETENTION_DAYS,
          rateLimit: options.analyticsRateLimit,
        })
      },
      { prefix: '/e' },
    )
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /** Days stored analytics events are kept (`ANALYTICS_RETENTION_DAYS`, default 90). */
    analyticsRetentionDays?: number
    /** See `BuildServerOptions.analyticsRateLimit`: for test stacks only. */
    analyticsRateLimit?: BuildServerOptions['analyticsRateLimit']
  }
  interface BuildServerOptions {
    /** Days stored analytics events are kept (default 90); older ones are deleted hourly. */
    analyticsRetentionDays?: number
    /**
     * Events one IP may send for one project per window (default 120 a minute). Only a test stack,
     * where every visitor is the same loopback address, has a reason to change it.
     */
    analyticsRateLimit?: { maxEvents: number; windowMs: number } | undefined
  }
}
