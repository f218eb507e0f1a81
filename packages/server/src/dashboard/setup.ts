import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerMode } from '../server-mode.ts'
import { DEV_PASSWORD_FILE, openDashboardPassword, passwordMatcher } from './password.ts'
import { sessionHasher } from './sessions.ts'
import type { LoginSlowdown } from './throttle.ts'

/** What `startServer` takes to serve the dashboard; absent, `/dashboard` does not exist (404). */
export interface DashboardSettings {
  /** `DASHBOARD_PASSWORD`, at least 16 characters; development keeps one in `<dataDir>/dashboard.key`. */
  password?: string | undefined
  /** The built client (`dashboard.js`, `dashboard.css`); the server package's own `dist/dashboard-app` by default. */
  assetsDir?: string | undefined
}

/** The built page script and stylesheet, read once at start. */
interface DashboardAssets {
  script: string
  style: string
}

export interface DashboardServices {
  passwordMatches(given: string): boolean
  hashSession(token: string): string
  /** Where the login form must be posted from (the Origin check) and whether the cookie needs TLS. */
  publicUrl: URL
  assets: DashboardAssets | undefined
  /** How wrong passwords slow a client down (throttle.ts); tests make the waits short. */
  loginSlowdown?: LoginSlowdown
}

interface DashboardContext {
  mode: ServerMode
  dataDir: string | undefined
  publicUrl: URL | undefined
  hashSecret: Buffer
  log: (line: string) => void
}

// Two folders up from this module is the package in both layouts: src/dashboard (the repository)
// and dist/dashboard (the published package). The Vite build writes beside tsc's output, not into it.
const BUILT_CLIENT = fileURLToPath(new URL('../../dist/dashboard-app/', import.meta.url))

export async function prepareDashboard(
  settings: DashboardSettings,
  context: DashboardContext,
): Promise<DashboardServices> {
  const { publicUrl } = context
  if (!publicUrl)
    throw new Error('PUBLIC_URL is required with the dashboard: logins are accepted from that origin only')
  const password = await openDashboardPassword(settings.password, context)
  const dir = settings.assetsDir ?? BUILT_CLIENT
  const assets = await Promise.all([
    readFile(join(dir, 'dashboard.js'), 'utf8'),
    readFile(join(dir, 'dashboard.css'), 'utf8'),
  ]).catch(() => {
    throw new Error(`The dashboard is not built (${dir}) — run npm run build`)
  })
  if (settings.password === undefined && context.dataDir)
    context.log(
      `Dashboard: ${new URL('/dashboard', publicUrl).href} — its password is in ${join(context.dataDir, DEV_PASSWORD_FILE)}`,
    )
  return {
    passwordMatches: passwordMatcher(password),
    hashSession: sessionHasher(context.hashSecret, password),
    publicUrl,
    assets: { script: assets[0], style: assets[1] },
  }
}
