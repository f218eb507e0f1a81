import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type ConnectorGroup,
  DEFAULT_CONNECTOR_GROUPS_ORDER,
  DEFAULT_WALLET_FEATURES_ORDER,
  orderConnectMethods,
  orderConnectorGroups,
  orderWalletFeatures,
} from './orders.ts'

describe('connect method order', () => {
  it('offers e-mail, then social, then wallets by default', () => {
    expect(orderConnectMethods({ hasUsableWallet: false })).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallets first when a browser wallet is usable', () => {
    expect(orderConnectMethods({ hasUsableWallet: true })).toEqual(['wallet', 'email', 'social'])
  })

  it('follows the host order even with a usable wallet, completing a partial one', () => {
    expect(orderConnectMethods({ hostOrder: ['social', 'email', 'wallet'], hasUsableWallet: true })).toEqual([
      'social',
      'email',
      'wallet',
    ])
    expect(orderConnectMethods({ hostOrder: ['wallet', 'wallet'], hasUsableWallet: false })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })

  it('falls back to the automatic order when the host order is empty', () => {
    expect(orderConnectMethods({ hostOrder: [], hasUsableWallet: true })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })
})

describe('connector group order', () => {
  const group = fc.constantFrom(...DEFAULT_CONNECTOR_GROUPS_ORDER)

  it('uses the default order without a host order', () => {
    expect(orderConnectorGroups({ enabled: ['recommended', 'injected', 'walletConnect', 'recent'] })).toEqual(
      ['walletConnect', 'recent', 'injected', 'recommended'],
    )
  })

  it('applies the host order first, then the remaining enabled groups', () => {
    expect(
      orderConnectorGroups({
        hostOrder: ['featured', 'custom', 'injected', 'featured'],
        enabled: ['walletConnect', 'injected', 'featured', 'recent'],
      }),
    ).toEqual(['featured', 'injected', 'walletConnect', 'recent'])
  })

  it('shows every enabled group exactly once and nothing else, host order first', () => {
    fc.assert(
      fc.property(fc.array(group), fc.uniqueArray(group), (hostOrder, enabled) => {
        const result = orderConnectorGroups({ hostOrder, enabled })
        expect([...result].sort()).toEqual([...enabled].sort())
        const hostPart = [...new Set(hostOrder.filter((g) => enabled.includes(g)))]
        expect(result.slice(0, hostPart.length)).toEqual(hostPart)
        const rest = result.slice(hostPart.length)
        const byDefault = (g: ConnectorGroup) => DEFAULT_CONNECTOR_GROUPS_ORDER.indexOf(g)
        expect(rest).toEqual([...rest].sort((a, b) => byDefault(a) - byDefault(b)))
      }),
    )
  })
})

describe('wallet feature order', () => {
  it('shows on-ramp, swaps, receive, send by default', () => {
    expect(orderWalletFeatures({ enabled: ['send', 'receive', 'swaps', 'onramp'] })).toEqual([
      ...DEFAULT_WALLET_FEATURES_ORDER,
    ])
  })

  it('puts the host order first and leaves out disabled features', () => {
    expect(
      orderWalletFeatures({ hostOrder: ['send', 'swaps'], enabled: ['onramp', 'send', 'receive'] }),
    ).toEqual(['send', 'onramp', 'receive'])
  })
})
