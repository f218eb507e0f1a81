import type { Address } from 'viem'
import { decodeBytes, encodeBytes } from './base64url.ts'
import { SHARE_BYTES } from './shares.ts'

const IV_BYTES = 12
const INFO = new TextEncoder().encode('portico recovery share v1')

/** Binds a sealed share to its wallet: a blob moved to another account does not open. */
const associatedData = (address: Address) =>
  new TextEncoder().encode(`portico-recovery:${address.toLowerCase()}`)

/**
 * The AES-GCM key a passkey's PRF output stands for. HKDF rather than the output itself, so the
 * same passkey could key other things later without one key serving two purposes.
 */
async function recoveryKey(prfOutput: BufferSource, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: INFO },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** The recovery share sealed under the passkey: base64url of iv ‖ ciphertext, as the services store it. */
export async function sealRecoveryShare(
  share: Uint8Array<ArrayBuffer>,
  prfOutput: BufferSource,
  salt: Uint8Array<ArrayBuffer>,
  address: Address,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const key = await recoveryKey(prfOutput, salt)
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(address) }, key, share),
  )
  const blob = new Uint8Array(IV_BYTES + sealed.length)
  blob.set(iv)
  blob.set(sealed, IV_BYTES)
  return encodeBytes(blob)
}

/** The recovery share back, or undefined when this passkey (or this wallet) is not the one it was sealed for. */
export async function openRecoveryShare(
  blob: string,
  prfOutput: BufferSource,
  salt: Uint8Array<ArrayBuffer>,
  address: Address,
): Promise<Uint8Array | undefined> {
  const bytes = decodeBytes(blob)
  const key = await recoveryKey(prfOutput, salt)
  const opened = await crypto.subtle
    .decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: associatedData(address) },
      key,
      bytes.slice(IV_BYTES),
    )
    .catch(() => undefined)
  if (!opened) return undefined
  const share = new Uint8Array(opened)
  return share.length === SHARE_BYTES ? share : undefined
}
