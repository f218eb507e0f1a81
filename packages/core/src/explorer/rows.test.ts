import { describe, expect, it } from 'vitest'
import { opensOnPhone, phoneWallets } from './phone-rows.ts'
import { explorerRows } from './rows.ts'
import { explorerWallet } from './wallets.test-support.ts'

const metamask = explorerWallet('io.metamask', { name: 'MetaMask', rdns: 'io.metamask' })
const trust = explorerWallet('com.trustwallet.app', { name: 'Trust Wallet', rdns: 'com.trustwallet.app' })
const coinbase = explorerWallet('com.coinbase.wallet', { name: 'Coinbase', rdns: 'com.coinbase.wallet' })
const rainbow = explorerWallet('me.rainbow', { name: 'Rainbow', rdns: 'me.rainbow' })
const rabby = explorerWallet('io.rabby', { name: 'Rabby', rdns: 'io.rabby' })
const zerion = explorerWallet('io.zerion.wallet', { name: 'Zerion' })
const listed = [metamask, trust, coinbase, rainbow, rabby, zerion]
const ids = (wallets: { id: string }[]) => wallets.map((wallet) => wallet.id)

describe('the Connect view’s rows', () => {
  it('recommends the first 4 of the list', () => {
    const rows = explorerRows({ listed, named: [], featuredWalletIds: [], recentIds: [], installed: [] })
    expect(ids(rows.recommended)).toEqual([
      'io.metamask',
      'com.trustwallet.app',
      'com.coinbase.wallet',
      'me.rainbow',
    ])
    expect(rows.featured).toEqual([])
    expect(rows.recent).toEqual([])
  })

  it('features the host’s wallets in its order, by id, rdns or name, and recommends others', () => {
    const rows = explorerRows({
      listed,
      named: [rabby, rainbow, zerion],
      featuredWalletIds: ['ZERION', 'me.rainbow', 'not.in.registry'],
      recentIds: [],
      installed: [],
    })
    expect(ids(rows.featured)).toEqual(['io.zerion.wallet', 'me.rainbow'])
    expect(ids(rows.recommended)).toEqual([
      'io.metamask',
      'com.trustwallet.app',
      'com.coinbase.wallet',
      'io.rabby',
    ])
  })

  it('shows an installed wallet in no row: the installed group has it', () => {
    const rows = explorerRows({
      listed,
      named: [metamask, rainbow],
      featuredWalletIds: ['io.metamask'],
      recentIds: ['me.rainbow'],
      installed: [
        { id: 'io.metamask', rdns: 'io.metamask' },
        { id: 'me.rainbow', rdns: 'me.rainbow' },
      ],
    })
    expect(rows.featured).toEqual([])
    expect(rows.recent).toEqual([])
    expect(ids(rows.recommended)).toEqual([
      'com.trustwallet.app',
      'com.coinbase.wallet',
      'io.rabby',
      'io.zerion.wallet',
    ])
  })

  it('lists a recent wallet once, before featuring or recommending it, newest first', () => {
    const rows = explorerRows({
      listed,
      named: [trust, zerion],
      featuredWalletIds: ['com.trustwallet.app'],
      recentIds: ['io.zerion.wallet', 'com.trustwallet.app'],
      installed: [],
    })
    expect(ids(rows.recent)).toEqual(['io.zerion.wallet', 'com.trustwallet.app'])
    expect(rows.featured).toEqual([])
    expect(ids(rows.recommended)).toEqual(['io.metamask', 'com.coinbase.wallet', 'me.rainbow', 'io.rabby'])
  })
})

describe('the wallets a phone lists (ConnectingWalletConnectBasic)', () => {
  const app = { mobile_link: 'rainbow://' }
  const phoneListed = [
    explorerWallet('a', { ...app, rdns: 'a.app' }),
    explorerWallet('b', app),
    explorerWallet('desktop.only', { desktop_link: 'desk://' }),
    explorerWallet('c', { webapp_link: 'https://web.example' }),
    explorerWallet('d', app),
    explorerWallet('e', app),
    explorerWallet('f', app),
  ]

  it('lists Connect’s rows first, then the page’s others, only wallets a phone can open', () => {
    const wallets = phoneWallets({
      listed: phoneListed,
      named: [explorerWallet('f', app)],
      featuredWalletIds: ['f'],
      recentIds: [],
      installed: [],
    })
    // Featured f, then the recommended 4 (a, b, desktop.only, c) less the one without a phone link, then d, e.
    expect(ids(wallets)).toEqual(['f', 'a', 'b', 'c', 'd', 'e'])
  })

  it('leaves out a wallet installed in this browser', () => {
    const wallets = phoneWallets({
      listed: phoneListed,
      named: [],
      featuredWalletIds: [],
      recentIds: [],
      installed: [{ id: 'injected-a', rdns: 'a.app' }],
    })
    expect(ids(wallets)).not.toContain('a')
    expect(ids(wallets)).toEqual(['b', 'c', 'd', 'e', 'f'])
  })

  it('a wallet opens on a phone by its app link or its web app, never by a desktop link or a script', () => {
    expect(opensOnPhone(explorerWallet('x', { mobile_link: 'https://link.example' }))).toBe(true)
    expect(opensOnPhone(explorerWallet('x', { webapp_link: 'https://web.example' }))).toBe(true)
    expect(opensOnPhone(explorerWallet('x', { desktop_link: 'desk://' }))).toBe(false)
    expect(opensOnPhone(explorerWallet('x', { mobile_link: 'javascript:alert(1)' }))).toBe(false)
  })
})
