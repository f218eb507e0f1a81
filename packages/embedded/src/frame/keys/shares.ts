import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { decodeBytes, encodeBytes } from './base64url.ts'

/** The three shares of a key, in the order the services expect them. */
export interface KeyShares {
  /** Kept in this origin's IndexedDB only, never sent. */
  device: Uint8Array
  /** Sealed by the services, handed back to a live session for each signature. */
  server: string
  /** Sealed by the services under the operator's recovery key. */
  recovery: string
}

export const SHARE_BYTES = 33

/**
 * Splits a private key 2-of-3. The key's bytes and the two shares that leave as text are
 * overwritten once encoded; the caller overwrites `device` once it is stored.
 */
export async function splitKey(privateKey: Hex): Promise<KeyShares> {
  const secret = hexToBytes(privateKey)
  const [device, server, recovery] = await split(secret, 3, 2).finally(() => secret.fill(0))
  if (!device || !server || !recovery) throw new Error('The key did not split into three shares')
  const encoded = { device, server: encodeShare(server), recovery: encodeShare(recovery) }
  server.fill(0)
  recovery.fill(0)
  return encoded
}

/**
 * The private key from any two shares; both are overwritten, and so is the key's byte form (the
 * hex string viem needs cannot be). Two shares of different splits give some other key, never an
 * error, so the caller checks the address it derives.
 */
export async function combineShares(first: Uint8Array, second: Uint8Array): Promise<Hex> {
  try {
    const secret = await combine([first, second])
    const privateKey = bytesToHex(secret)
    secret.fill(0)
    return privateKey
  } finally {
    first.fill(0)
    second.fill(0)
  }
}

/** A share as it travels to and from the services. */
export const encodeShare = (share: Uint8Array): string => encodeBytes(share)

export function decodeShare(text: string): Uint8Array<ArrayBuffer> {
  const share = decodeBytes(text)
  if (share.length !== SHARE_BYTES) throw new Error('A key share has the wrong length')
  return share
}
