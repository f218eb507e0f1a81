import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CHAIN_NAMESPACES,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.ts'

interface Vector {
  id: string
  label: string
}
const vectors = JSON.parse(
  readFileSync(new URL('../test/vectors/caip/caip-spec-examples.json', import.meta.url), 'utf8'),
) as { caip2: { valid: Vector[] }; caip10: { valid: Vector[] } }

const known = (id: string) => isChainNamespace(id.split(':')[0] ?? '')

describe('CAIP-2 network ids', () => {
  it('parses every spec example in a known namespace', () => {
    const usable = vectors.caip2.valid.filter((v) => known(v.id))
    expect(usable.length).toBeGreaterThanOrEqual(7)
    for (const { id } of usable) {
      const [namespace, chainId] = id.split(':')
      expect(parseCaipNetworkId(id)).toEqual({ namespace, chainId })
    }
  })

  it('refuses spec examples whose namespace Portico does not know', () => {
    for (const { id } of vectors.caip2.valid.filter((v) => !known(v.id))) {
      expect(() => parseCaipNetworkId(id)).toThrow(/unknown namespace/)
    }
  })

  it.each([
    ['eip155', /expected 2 parts/],
    ['eip155:1:0xab', /expected 2 parts/],
    [':1', /namespace is empty/],
    ['eip155:', /chain reference is empty/],
    ['eip155: 1', /malformed/],
    ['EIP155:1', /unknown namespace/],
  ])('refuses %s with a message that says why', (id, message) => {
    expect(() => parseCaipNetworkId(id)).toThrow(message)
  })

  it('round-trips ids it builds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMESPACES),
        fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/),
        (namespace, chainId) => {
          expect(parseCaipNetworkId(toCaipNetworkId(namespace, chainId))).toEqual({ namespace, chainId })
        },
      ),
    )
  })
})

describe('CAIP-10 addresses', () => {
  it('parses every spec example in a known namespace, keeping the address case', () => {
    const usable = vectors.caip10.valid.filter((v) => known(v.id))
    expect(usable.length).toBeGreaterThanOrEqual(4)
    for (const { id } of usable) {
      const [namespace, chainId, address] = id.split(':')
      expect(parseCaipAddress(id)).toEqual({ namespace, chainId, address })
    }
    expect(
      parseCaipAddress(toCaipAddress('eip155', 1, '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).address,
    ).toBe('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
  })

  it('refuses spec examples whose namespace Portico does not know', () => {
    for (const { id } of vectors.caip10.valid.filter((v) => !known(v.id))) {
      expect(() => parseCaipAddress(id)).toThrow(/unknown namespace/)
    }
  })

  it.each([
    ['eip155:1', /expected 3 parts/],
    ['eip155:1:0xab:extra', /expected 3 parts/],
    ['eip155:1:', /address part is empty/],
    ['::0xab', /namespace is empty/],
    ['eip155::0xab', /chain reference is empty/],
    ['nope:1:0xab', /unknown namespace/],
  ])('refuses %s with a message that says why', (value, message) => {
    expect(() => parseCaipAddress(value)).toThrow(message)
  })
})
