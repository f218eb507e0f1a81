import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodeBytes, encodeBytes } from './base64url.ts'
import { openRecoveryShare, sealRecoveryShare } from './passkey-seal.ts'
import { decodeShare, splitKey } from './shares.ts'

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))
const addressOf = () => privateKeyToAccount(generatePrivateKey()).address

/** A recovery share, the PRF output of the passkey that seals it, and the wallet it belongs to. */
async function sealed() {
  const share = decodeShare((await splitKey(generatePrivateKey())).recovery)
  const prfOutput = random(32)
  const salt = random(32)
  const address = addressOf()
  const blob = await sealRecoveryShare(Uint8Array.from(share), prfOutput, salt, address)
  return { share, prfOutput, salt, address, blob }
}

describe('a recovery share sealed under a passkey', () => {
  it('opens with the same PRF output, salt and address to the same bytes', async () => {
    const { share, prfOutput, salt, address, blob } = await sealed()
    expect(await openRecoveryShare(blob, prfOutput, salt, address)).toEqual(share)
  })

  it('the address is matched whatever its case', async () => {
    const { share, prfOutput, salt, address, blob } = await sealed()
    expect(await openRecoveryShare(blob, prfOutput, salt, address.toLowerCase() as typeof address)).toEqual(
      share,
    )
  })

  it('does not open with another passkey, another salt or for another wallet', async () => {
    const { prfOutput, salt, address, blob } = await sealed()
    expect(await openRecoveryShare(blob, random(32), salt, address)).toBeUndefined()
    expect(await openRecoveryShare(blob, prfOutput, random(32), address)).toBeUndefined()
    expect(await openRecoveryShare(blob, prfOutput, salt, addressOf())).toBeUndefined()
  })

  it('any byte changed in the blob, iv or ciphertext or tag, makes it not open', async () => {
    const { prfOutput, salt, address, blob } = await sealed()
    const bytes = decodeBytes(blob)
    for (let index = 0; index < bytes.length; index++) {
      const tampered = Uint8Array.from(bytes)
      tampered[index] = (tampered[index] ?? 0) ^ 0x01
      expect(await openRecoveryShare(encodeBytes(tampered), prfOutput, salt, address)).toBeUndefined()
    }
    expect(await openRecoveryShare(encodeBytes(bytes.slice(0, -1)), prfOutput, salt, address)).toBeUndefined()
  })

  it('something sealed under the passkey that is not a share does not open as one', async () => {
    const prfOutput = random(32)
    const salt = random(32)
    const address = addressOf()
    const blob = await sealRecoveryShare(random(32), prfOutput, salt, address)
    expect(await openRecoveryShare(blob, prfOutput, salt, address)).toBeUndefined()
  })

  it('is base64url of iv, share and tag (61 bytes), and differs at each seal of the same share', async () => {
    const { share, prfOutput, salt, address, blob } = await sealed()
    const again = await sealRecoveryShare(Uint8Array.from(share), prfOutput, salt, address)
    for (const text of [blob, again]) {
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(decodeBytes(text)).toHaveLength(12 + 33 + 16)
    }
    expect(again).not.toBe(blob)
    expect(decodeBytes(again).slice(0, 12)).not.toEqual(decodeBytes(blob).slice(0, 12))
    expect(await openRecoveryShare(again, prfOutput, salt, address)).toEqual(share)
  })
})
