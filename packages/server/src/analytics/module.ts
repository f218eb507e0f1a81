import { z } from 'zod'
import { installProjectGuard } from '../http/project-guard.ts'
import { integer } from '../module-settings.ts'
import { defineModule } from '../server-module.ts'
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
