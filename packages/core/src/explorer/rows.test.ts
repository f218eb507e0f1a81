import { describe, expect, it } from 'vitest'
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
