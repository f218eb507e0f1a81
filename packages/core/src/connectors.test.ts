import type { Connector } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { connectorList, safeIcon } from './connectors.ts'

const wallet = (id: string, name: string, rdns?: string, icon?: string) =>
  ({ id, name, rdns, icon, type: 'injected', uid: id }) as unknown as Connector

describe('connectorList', () => {
  it('lists announced wallets with their own names and icons', () => {
    const list = connectorList({
      connectors: [wallet('io.metamask', 'MetaMask', 'io.metamask', 'data:image/svg+xml;base64,AAA')],
      excludeWalletIds: [],
      isMobile: false,
    })
    expect(list).toEqual([
      {
        id: 'io.metamask',
        name: 'MetaMask',
        rdns: 'io.metamask',
        icon: 'data:image/svg+xml;base64,AAA',
        type: 'ANNOUNCED',
      },
    ])
  })

  it('reads the rdns of a wallet wagmi made from an announcement, which is its id', () => {
    const list = connectorList({
      connectors: [wallet('me.rainbow', 'Rainbow'), wallet('metaMaskSDK', 'MetaMask')],
      excludeWalletIds: [],
      isMobile: false,
    })
    expect(list.map(({ id, rdns, type }) => ({ id, rdns, type }))).toEqual([
      { id: 'me.rainbow', rdns: 'me.rainbow', type: 'ANNOUNCED' },
      { id: 'metaMaskSDK', rdns: undefined, type: 'EXTERNAL' },
    ])
    expect(
      connectorList({
        connectors: [wallet('me.rainbow', 'Rainbow')],
        excludeWalletIds: ['me.rainbow'],
        isMobile: false,
      }),
    ).toEqual([])
  })

  it('hides the generic Browser Wallet on desktop', () => {
    const list = connectorList({
      connectors: [wallet('injected', 'Injected'), wallet('com.rabby', 'Rabby', 'com.rabby')],
      excludeWalletIds: [],
      isMobile: false,
    })
    expect(list.map((c) => c.name)).toEqual(['Rabby'])
  })

  it('drops wallets the host excluded by rdns or by name in any case', () => {
    const list = connectorList({
      connectors: [wallet('a', 'Alpha', 'com.alpha'), wallet('b', 'Beta', 'com.beta'), wallet('c', 'Gamma')],
      excludeWalletIds: ['com.alpha', 'gAmMa'],
      isMobile: false,
    })
    expect(list.map((c) => c.name)).toEqual(['Beta'])
  })
})

describe('safeIcon', () => {
  it('keeps image data URLs and https URLs', () => {
    expect(safeIcon('data:image/png;base64,iVBOR')).toBe('data:image/png;base64,iVBOR')
    expect(safeIcon('https://example.com/w.svg')).toBe('https://example.com/w.svg')
  })

  it('refuses scripts and markup dressed as icons', () => {
    expect(safeIcon('javascript:alert(1)')).toBeUndefined()
    expect(safeIcon('data:text/html,<script>alert(1)</script>')).toBeUndefined()
    expect(safeIcon('http://plain-http.example/icon.png')).toBeUndefined()
  })
})
