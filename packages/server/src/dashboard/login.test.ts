import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { clearedSessionCookie, sessionCookie, sessionToken } from './cookie.ts'
import { openDashboardPassword, passwordMatcher } from './password.ts'
import { sessionHasher } from './sessions.ts'

describe('dashboard login pieces', () => {
  it('matches the password exactly, whatever the length of the guess', () => {
    const matches = passwordMatcher('correct horse battery')
    expect(matches('correct horse battery')).toBe(true)
    expect(matches('correct horse batter')).toBe(false)
    expect(matches('')).toBe(false)
    expect(matches('correct horse battery '.repeat(50))).toBe(false)
  })

  it('sets a cookie scripts cannot read, other sites never send, for the dashboard paths only', () => {
    expect(sessionCookie('t0k3n', { secure: false })).toBe(
      'portico_dashboard=t0k3n; HttpOnly; SameSite=Strict; Path=/dashboard; Max-Age=43200',
    )
    expect(sessionCookie('t0k3n', { secure: true })).toMatch(/; Secure$/)
    expect(clearedSessionCookie({ secure: true })).toBe(
      'portico_dashboard=; HttpOnly; SameSite=Strict; Path=/dashboard; Max-Age=0; Secure',
    )
  })

  it('finds its own cookie among others', () => {
    expect(sessionToken('a=1; portico_dashboard=abc_-; b=2')).toBe('abc_-')
    expect(sessionToken('portico_dashboard=')).toBeUndefined()
    expect(sessionToken('other=1')).toBeUndefined()
    expect(sessionToken(undefined)).toBeUndefined()
  })

  it('hashes session tokens under a key of the hash secret and the password: a new password ends them', () => {
    const secret = randomBytes(32)
    const hash = sessionHasher(secret, 'password one, long enough')
    expect(hash('token')).toBe(sessionHasher(secret, 'password one, long enough')('token'))
    expect(hash('token')).not.toBe(sessionHasher(secret, 'password two, long enough')('token'))
    expect(hash('token')).not.toBe(sessionHasher(randomBytes(32), 'password one, long enough')('token'))
    expect(hash('token')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('keeps a development password in the data folder, made once and private, and says where', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-dashboard-'))
    try {
      const lines: string[] = []
      const context = { mode: 'development' as const, dataDir, log: (line: string) => lines.push(line) }
      const first = await openDashboardPassword(undefined, context)
      expect(first.length).toBeGreaterThanOrEqual(16)
      expect(await openDashboardPassword(undefined, context)).toBe(first)
      const file = join(dataDir, 'dashboard.key')
      expect((await readFile(file, 'utf8')).trim()).toBe(first)
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect(lines).toEqual([
        `Created a dashboard password in ${file} — set DASHBOARD_PASSWORD in production`,
      ])
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses a short password, and production without one', async () => {
    const context = { dataDir: undefined, log: () => {} }
    await expect(openDashboardPassword('short', { ...context, mode: 'production' })).rejects.toThrow(
      'DASHBOARD_PASSWORD must be at least 16 characters',
    )
    await expect(openDashboardPassword(undefined, { ...context, mode: 'production' })).rejects.toThrow(
      /required in production/,
    )
  })
})
