import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ServerMode } from '../server-mode.ts'

const KEY_FORMAT = /^(0x)?[0-9a-fA-F]{64}$/

/** One of the two keys that seal what the services keep of users' keys (keys.ts). */
export interface SealingKey {
  /** Its environment variable. */
  name: 'MASTER_KEY' | 'RECOVERY_KEY'
  /** Where development keeps it in the data folder. */
  file: string
  /** Its name in the line that says development created it. */
  label: string
  /** What it seals, for the refusal in production and the line that says it was created. */
  seals: string
}

export const MASTER_KEY: SealingKey = {
  name: 'MASTER_KEY',
  file: 'master.key',
  label: 'a master key',
  seals: 'the embedded-wallet keys',
}

export const RECOVERY_KEY: SealingKey = {
  name: 'RECOVERY_KEY',
  file: 'recovery.key',
  label: 'a recovery key',
  seals: 'the recovery shares of embedded-wallet keys',
}

export function parseSealingKey(key: SealingKey, text: string): Buffer {
  const trimmed = text.trim()
  if (!KEY_FORMAT.test(trimmed)) throw new Error(`${key.name} must be 64 hex characters`)
  return Buffer.from(trimmed.replace(/^0x/, ''), 'hex')
}

interface SealingKeyContext {
  mode: ServerMode
  dataDir: string | undefined
  /** Whether the database outlives the process (a data folder or a Postgres URL). */
  persistent: boolean
  log: (line: string) => void
}

/**
 * The configured key; production must be given it. Development keeps one in `<dataDir>/<file>`
 * (created on first start, readable by the owner only); an in-memory database dies with its keys.
 */
export async function openSealingKey(
  key: SealingKey,
  value: string | undefined,
  context: SealingKeyContext,
): Promise<Buffer> {
  if (value) return parseSealingKey(key, value)
  // A data folder is no reason to make one up in production: it would sit beside what it seals.
  if (context.mode === 'production')
    throw new Error(`${key.name} is required in production: it seals ${key.seals}`)
  if (context.dataDir) return loadOrCreateKeyFile(key, context.dataDir, context.log)
  if (!context.persistent) return randomBytes(32)
  throw new Error(`${key.name} is required when the database is not in the data folder`)
}

async function loadOrCreateKeyFile(
  key: SealingKey,
  dataDir: string,
  log: (line: string) => void,
): Promise<Buffer> {
  const file = join(dataDir, key.file)
  const existing = await readFile(file, 'utf8').catch(() => undefined)
  if (existing !== undefined) return parseSealingKey(key, existing)
  await mkdir(dataDir, { recursive: true })
  const created = randomBytes(32)
  await writeFile(file, `${created.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(file, 0o600)
  log(`Created ${key.label} for ${key.seals} in ${file} — set ${key.name} in production`)
  return created
}
