import { randomBytes } from 'node:crypto'
import { passwordMatcher } from '../dashboard/password.ts'
import { sessionHasher } from '../dashboard/sessions.ts'
import type { DashboardServices } from '../dashboard/setup.ts'
import type { LoginSlowdown } from '../dashboard/throttle.ts'

export const DASHBOARD_ORIGIN = 'https://ops.example'
export const DASHBOARD_PASSWORD = 'an operator password for tests'

/** The dashboard as `prepareDashboard` makes it, with a stand-in for the built client. */
export function testDashboard(loginSlowdown?: LoginSlowdown): DashboardServices {
  return {
    ...(loginSlowdown ? { loginSlowdown } : {}),
    passwordMatches: passwordMatcher(DASHBOARD_PASSWORD),
    hashSession: sessionHasher(randomBytes(32), DASHBOARD_PASSWORD),
    publicUrl: new URL(DASHBOARD_ORIGIN),
    assets: { script: 'export {}\n', style: 'body { color: #e4e7e7 }\n' },
  }
}
