import { z } from 'zod'
import { defineModule } from '../server-module.ts'
import { MIN_PASSWORD_LENGTH } from './password.ts'
import { dashboardPlugin } from './routes.ts'
import type { DashboardServices, DashboardSettings } from './setup.ts'
import { prepareDashboard } from './setup.ts'

/** The operator dashboard at `/dashboard`. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  settings: z.object({
    DASHBOARD_PASSWORD: z
      .string()
      .min(
        MIN_PASSWORD_LENGTH,
        `must be at least ${MIN_PASSWORD_LENGTH} characters; make one with: openssl rand -base64 24`,
      )
      .optional(),
  }),
  requirements(given) {
    if (!given.DASHBOARD_PASSWORD) return []
    const problems: string[] = []
    if (!given.HASH_SECRET)
      problems.push(
        'HASH_SECRET is required with the dashboard (DASHBOARD_PASSWORD): it keys its sessions; make one with: openssl rand -hex 32',
      )
    if (!given.PUBLIC_URL)
      problems.push(
        'PUBLIC_URL is required with the dashboard (DASHBOARD_PASSWORD): logins are accepted from that origin only',
      )
    return problems
  },
  // Without a password the dashboard is off and /dashboard answers 404.
  configure: (vars) => (vars.DASHBOARD_PASSWORD ? { dashboard: { password: vars.DASHBOARD_PASSWORD } } : {}),
  // Its password is kept in <dataDir>/dashboard.key.
  development: () => ({ dashboard: {} }),
  setUp: ({ options }) => {
    const settings = options.dashboard
    if (!settings) return undefined
    return {
      // Opens nothing, so a refusal here leaves nothing to close.
      open: async (_scope, context) => {
        const hashSecret = await context.hashSecret()
        const dashboard = await prepareDashboard(settings, {
          mode: context.mode,
          dataDir: await context.dataDir(),
          publicUrl: context.publicUrl,
          hashSecret,
          log: context.log,
        })
        return { dashboard }
      },
    }
  },
  // The operator's pages: same origin as the services, their own login, no project guard.
  async routes(app, { options, database }) {
    if (options.dashboard) await app.register(dashboardPlugin, { database, dashboard: options.dashboard })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on the operator dashboard at `/dashboard` (`DASHBOARD_PASSWORD`). Production is given the
     * password; development keeps one in `<dataDir>/dashboard.key` and says where.
     */
    dashboard?: DashboardSettings
  }
  interface BuildServerOptions {
    /** The operator dashboard (`/dashboard`); absent, those paths answer 404. */
    dashboard?: DashboardServices | undefined
  }
}
