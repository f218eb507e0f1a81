import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { combineShares, decodeShare, encodeShare, splitKey } from './shares.ts'

/** The three shares of one split as bytes, fresh for each use (combining overwrites them). */
async function sharesOf(privateKey: `0x${string}`) {
  const { device, server, recovery } = await splitKey(privateKey)
  const encoded = [encodeShare(device), server, recovery]
  return () => encoded.map(decodeShare) as [Uint8Array, Uint8Array, Uint8Array]
}

describe('key shares', () => {
  it('gives the key back from any two of the three shares', async () => {
    const privateKey = generatePrivateKey()
    const shares = await sharesOf(privateKey)
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
      [2, 0],
    ] as const) {
      const fresh = shares()
      expect(await combineShares(fresh[a], fresh[b])).toBe(privateKey)
    }
  })

  it('a share alone says nothing: it is not the key, and combine wants two', async () => {
    const privateKey = generatePrivateKey()
    const [device] = (await sharesOf(privateKey))()
    expect(device).toHaveLength(33)
    expect(Buffer.from(device).toString('hex')).not.toContain(privateKey.slice(2))
    await expect(combineShares(device, device)).rejects.toThrow()
  })

  it('a share from another split of the same key does not combine to it', async () => {
    const privateKey = generatePrivateKey()
    const [device] = (await sharesOf(privateKey))()
    const [, other] = (await sharesOf(privateKey))()
    const combined = await combineShares(device, other).catch(() => undefined)
    expect(combined).not.toBe(privateKey)
  })

  it('overwrites the shares it combined', async () => {
    const [device, server] = (await sharesOf(generatePrivateKey()))()
    await combineShares(device, server)
    expect(device.every((byte) => byte === 0)).toBe(true)
    expect(server.every((byte) => byte === 0)).toBe(true)
  })

  it('shares travel as base64url without padding, 33 bytes each', async () => {
    const { server, recovery } = await splitKey(generatePrivateKey())
    for (const text of [server, recovery]) {
      expect(text).toMatch(/^[A-Za-z0-9_-]{44}$/)
      expect(decodeShare(text)).toHaveLength(33)
    }
    expect(() => decodeShare('AAAA')).toThrow('A key share has the wrong length')
    expect(() => decodeShare(`${server}=`)).toThrow('A key value is not base64url')
  })
})
