import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '@portico/contracts/testing'

const run = promisify(execFile)
const INSTALLED = '/usr/lib/postgresql'

/** The binaries of the newest installed PostgreSQL (Debian's layout), if any. */
export const POSTGRES_BIN: string | undefined = (() => {
  try {
    const versions = readdirSync(INSTALLED).filter((name) => /^\d+$/.test(name))
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
    return newest === undefined ? undefined : join(INSTALLED, newest, 'bin')
  } catch {
    return undefined
  }
})()

/**
 * A PostgreSQL server of a test's own, which it may restart or stop without disturbing anyone
 * else's. Postgres refuses to run as root, so as root (CI) it runs as the postgres user.
 */
export interface PrivatePostgres {
  /** Connection string for the `postgres` database as the trusted `postgres` user. */
  url: string
  /** `pg_ctl restart -m fast`: every session is ended; resolves once the server accepts connections again. */
  restart(): Promise<void>
  stop(): Promise<void>
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!POSTGRES_BIN) throw new Error(`No PostgreSQL binaries under ${INSTALLED}`)
  const bin = POSTGRES_BIN
  const dir = await mkdtemp(join(tmpdir(), 'portico-pg-'))
  const root = process.getuid?.() === 0
  const asOwner = (tool: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: '/' })
      : run(join(bin, tool), args, { cwd: '/' })
  const port = await freePort()
  const data = join(dir, 'data')
  const ctl = (...args: string[]) =>
    asOwner('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      ...args,
    ])
  const remove = () => rm(dir, { recursive: true, force: true })
  try {
    if (root) await run('chown', ['postgres', dir])
    await asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust'])
    await ctl('start')
  } catch (error) {
    await remove()
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('-m', 'fast', 'restart')
    },
    stop: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => {})
      await remove()
    },
  }
}
