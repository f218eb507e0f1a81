import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM under a 32-byte key, bound to `associatedData` (which user, which use): an envelope
 * copied onto another user's row, or into another column, does not open. Stored as text: version,
 * IV, tag and ciphertext, base64, joined by dots.
 */
export function sealEnvelope(key: Buffer, associatedData: string, plaintext: Uint8Array): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join('.')
}

/** Throws when the envelope was made under another key, for other associated data, or was altered. */
export function openEnvelope(key: Buffer, associatedData: string, sealed: string): Buffer {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || !body) throw new Error('Unknown key envelope')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
  decipher.setAAD(Buffer.from(associatedData))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()])
}
