import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ServerMode } from '../server-mode.ts'

/** What production must be given (`DASHBOARD_PASSWORD`): long enough that the login limit makes guessing hopeless. */
export const MIN_PASSWORD_LENGTH = 16

/** Where development keeps its password, inside the data folder. */
export const DEV_PASSWORD_FILE = 'dashboard.key'

interface PasswordContext {
  mode: ServerMode
  dataDir: string | undefined
  log: (line: string) => void
}

/**
 * The operator's password: the configured one, or in development one kept in `<dataDir>/dashboard.key`
 * (made at the first start, readable by the owner only), as the master key is. Production without one
 * never gets here: the dashboard is simply off.
 */
export async function openDashboardPassword(
  value: string | undefined,
  context: PasswordContext,
): Promise<string> {
  if (value !== undefined) {
    if (value.length < MIN_PASSWORD_LENGTH)
      throw new Error(`DASHBOARD_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`)
    return value
  }
  if (context.mode === 'production')
    throw new Error('DASHBOARD_PASSWORD is required in production to turn the dashboard on')
  if (!context.dataDir)
    throw new Error('DASHBOARD_PASSWORD is required when there is no data folder to keep one in')
  const file = join(context.dataDir, DEV_PASSWORD_FILE)
  const existing = (await readFile(file, 'utf8').catch(() => undefined))?.trim()
  if (existing) return existing
  const created = randomBytes(18).toString('base64url')
  await writeFile(file, `${created}\n`, { mode: 0o600, flag: 'wx' })
  context.log(`Created a dashboard password in ${file} — set DASHBOARD_PASSWORD in production`)
  return created
}

/**
 * Compares in constant time: both sides are hashed to the same length first, so neither the
 * password's length nor the first differing character shows in how long a refusal takes.
 */
export function passwordMatcher(password: string): (given: string) => boolean {
  const expected = createHash('sha256').update(password).digest()
  return (given) => timingSafeEqual(createHash('sha256').update(given).digest(), expected)
}
