import { describe, expect, it } from 'vitest'
import {
  eventAccounts,
  eventChainId,
  isHostedRelay,
  proposalNamespaces,
  sessionAccounts,
  sessionMethods,
} from './namespaces.ts'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('WalletConnect namespaces', () => {
  it('proposes the one chain with the signing methods and both events', () => {
    const { eip155 } = proposalNamespaces(31337)
    expect(eip155.chains).toEqual(['eip155:31337'])
    expect(eip155.methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4']),
    )
    expect(eip155.events).toEqual(['accountsChanged', 'chainChanged'])
  })
  it("reads the session's addresses on the chain only, each once", () => {
    const namespaces = {
      eip155: {
        accounts: [
          `eip155:31337:${alice}`,
          `eip155:1:${bob}`,
          `eip155:31337:${alice}`,
          'eip155:31337:nonsense',
        ],
        methods: ['personal_sign'],
      },
    }
    expect(sessionAccounts(namespaces, 31337)).toEqual([alice])
    expect(sessionMethods(namespaces).has('personal_sign')).toBe(true)
    expect(sessionMethods(namespaces).has('eth_getBalance')).toBe(false)
  })
  it('reads accountsChanged as plain or CAIP-10 addresses', () => {
    expect(eventAccounts([`eip155:31337:${alice}`, bob, 42])).toEqual([alice, bob])
    expect(eventAccounts('nope')).toEqual([])
  })
  it('reads chainChanged as number, decimal, hex or CAIP-2', () => {
    expect(eventChainId(31337)).toBe(31337)
    expect(eventChainId('0x7a69')).toBe(31337)
    expect(eventChainId('eip155:31337')).toBe(31337)
    expect(eventChainId('eip155:')).toBeUndefined()
  })
  it("tells WalletConnect's hosted relay from a self-hosted one", () => {
    expect(isHostedRelay('wss://relay.walletconnect.org')).toBe(true)
    expect(isHostedRelay('wss://relay.walletconnect.com/')).toBe(true)
    expect(isHostedRelay('ws://localhost:3001/v1/wc-relay')).toBe(false)
    expect(isHostedRelay('wss://walletconnect.org.evil.example')).toBe(false)
  })
})
