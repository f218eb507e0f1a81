import { createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ServerMode } from './server-mode.ts'

const SECRET_FORMAT = /^(0x)?[0-9a-fA-F]{64}$/

/**
 * Login codes, approval links and session tokens are stored only as HMAC-SHA256 under a key derived
 * from the server's hash secret (HASH_SECRET). A plain hash of a six-digit code is reversed by
 * trying all million codes; without the secret, a copy of the database tells nothing.
 */
export type TokenHasher = (token: string) => string

/** One key per kind of token (HKDF), so a hash from one table never matches in another. */
export function tokenHasher(secret: Buffer, purpose: 'embedded' | 'siwx'): TokenHasher {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `portico ${purpose} token hashes`, 32))
  return (token) => createHmac('sha256', key).update(token).digest('hex')
}

function parseHashSecret(text: string): Buffer {
  const trimmed = text.trim()
  if (!SECRET_FORMAT.test(trimmed)) throw new Error('HASH_SECRET must be 64 hex characters')
  return Buffer.from(trimmed.replace(/^0x/, ''), 'hex')
}

interface HashSecretContext {
  mode: ServerMode
  dataDir: string | undefined
  log: (line: string) => void
}

/**
 * The configured secret; production is given one. Development keeps one in `<dataDir>/hash.key`
 * (sessions then outlive a restart), or makes one up for this process when there is no data folder.
 */
export async function openHashSecret(value: string | undefined, context: HashSecretContext): Promise<Buffer> {
  if (value) return parseHashSecret(value)
  if (context.mode === 'production')
    throw new Error(
      'HASH_SECRET is required in production: it keys the stored hashes of codes and session tokens',
    )
  if (!context.dataDir) return randomBytes(32)
  const file = join(context.dataDir, 'hash.key')
  const existing = await readFile(file, 'utf8').catch(() => undefined)
  if (existing !== undefined) return parseHashSecret(existing)
  const secret = randomBytes(32)
  await writeFile(file, `${secret.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  context.log(`Created a hash secret for codes and session tokens in ${file} — set HASH_SECRET in production`)
  return secret
}
