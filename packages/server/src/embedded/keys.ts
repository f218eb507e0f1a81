import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Hex, toHex } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

const VERSION = 'v1'
const MASTER_KEY_FORMAT = /^(0x)?[0-9a-fA-F]{64}$/

/**
 * Key custody: every user key is sealed with AES-256-GCM under the master key before it is stored,
 * bound to its user id (as associated data) so a sealed key copied onto another user's row does
 * not open. Plaintext keys exist only in memory, for the length of one signature.
 */
export interface KeyVault {
  create(userId: string): { address: Hex; sealed: string }
  /** Opens the sealed key just long enough to run `use`. */
  withAccount<T>(userId: string, sealed: string, use: (account: PrivateKeyAccount) => Promise<T>): Promise<T>
}

export function createKeyVault(masterKey: Buffer): KeyVault {
  if (masterKey.length !== 32) throw new Error('MASTER_KEY must be 32 bytes (64 hex characters)')
  const seal = (userId: string, privateKey: Hex): string => {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', masterKey, iv)
    cipher.setAAD(Buffer.from(userId))
    const body = Buffer.concat([cipher.update(Buffer.from(privateKey.slice(2), 'hex')), cipher.final()])
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
      .join('.')
  }
  const open = (userId: string, sealed: string): Hex => unsealKey(masterKey, userId, sealed)
  return {
    create(userId) {
      const privateKey = generatePrivateKey()
      return { address: privateKeyToAccount(privateKey).address, sealed: seal(userId, privateKey) }
    },
    async withAccount(userId, sealed, use) {
      return use(privateKeyToAccount(open(userId, sealed)))
    },
  }
}

/** Throws when the envelope was made under another master key, for another user, or was altered. */
export function unsealKey(masterKey: Buffer, userId: string, sealed: string): Hex {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || !body) throw new Error('Unknown key envelope')
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64'))
  decipher.setAAD(Buffer.from(userId))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return toHex(Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]))
}

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim()
  if (!MASTER_KEY_FORMAT.test(trimmed)) throw new Error('MASTER_KEY must be 64 hex characters')
  return Buffer.from(trimmed.replace(/^0x/, ''), 'hex')
}

/**
 * The embedded default: a master key kept in `<dataDir>/master.key` (created on first start,
 * readable by the owner only). Production sets MASTER_KEY instead and keeps it out of the data folder.
 */
export async function loadOrCreateMasterKey(dataDir: string, log: (line: string) => void): Promise<Buffer> {
  const file = join(dataDir, 'master.key')
  const existing = await readFile(file, 'utf8').catch(() => undefined)
  if (existing !== undefined) return parseMasterKey(existing)
  await mkdir(dataDir, { recursive: true })
  const key = randomBytes(32)
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(file, 0o600)
  log(`Created a master key for embedded-wallet keys in ${file} — set MASTER_KEY in production`)
  return key
}
