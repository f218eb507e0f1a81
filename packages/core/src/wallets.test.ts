import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addRecentWallet, matchesWallet, type RecentWallet, showGenericBrowserWallet } from './wallets.ts'

const announced = JSON.parse(
  readFileSync(new URL('../test/vectors/wallets/eip6963-rdns.json', import.meta.url), 'utf8'),
) as { rdns: string; name: string }[]

describe('recent wallets', () => {
  it('keeps the two newest, newest first', () => {
    let list: RecentWallet[] = []
    list = addRecentWallet(list, { id: 'metamask', rdns: 'io.metamask' })
    list = addRecentWallet(list, { id: 'rainbow', rdns: 'me.rainbow' })
    list = addRecentWallet(list, { id: 'rabby', rdns: 'io.rabby' })
    expect(list).toEqual([
      { id: 'rabby', rdns: 'io.rabby' },
      { id: 'rainbow', rdns: 'me.rainbow' },
    ])
  })

  it('moves a wallet used again to the front instead of listing it twice', () => {
    const list = addRecentWallet([{ id: 'a' }, { id: 'b' }], { id: 'b', rdns: 'new.rdns' })
    expect(list).toEqual([{ id: 'b', rdns: 'new.rdns' }, { id: 'a' }])
  })

  it('never holds more than two entries or a duplicate id', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd')), (ids) => {
        const list = ids.reduce<RecentWallet[]>((acc, id) => addRecentWallet(acc, { id }), [])
        expect(list.length).toBeLessThanOrEqual(2)
        expect(new Set(list.map((w) => w.id)).size).toBe(list.length)
        if (ids.length > 0) expect(list[0]?.id).toBe(ids.at(-1))
      }),
    )
  })
})

describe('excluded wallets', () => {
  it('hides an announced wallet by its rdns', () => {
    const metamask = announced.find((w) => w.rdns === 'io.metamask')
    expect(metamask).toBeDefined()
    if (!metamask) return
    expect(matchesWallet(metamask, ['io.metamask'])).toBe(true)
    expect(announced.filter((w) => matchesWallet(w, ['io.metamask']))).toHaveLength(1)
  })

  it('hides a wallet by its name in any case', () => {
    expect(matchesWallet({ name: 'MetaMask' }, ['metamask'])).toBe(true)
    expect(matchesWallet({ name: 'metamask' }, ['METAMASK'])).toBe(true)
  })

  it('keeps wallets that match nothing, and rdns matches only exactly', () => {
    expect(matchesWallet({ rdns: 'io.metamask', name: 'MetaMask' }, ['io.rabby', 'Rainbow'])).toBe(false)
    expect(matchesWallet({ rdns: 'io.metamask', name: 'MetaMask' }, ['IO.METAMASK'])).toBe(false)
    expect(matchesWallet({ name: 'MetaMask' }, [])).toBe(false)
  })

  it('excludes exactly the announced wallets whose rdns is listed', () => {
    fc.assert(
      fc.property(fc.subarray(announced), (excluded) => {
        const ids = excluded.map((w) => w.rdns)
        for (const wallet of announced) expect(matchesWallet(wallet, ids)).toBe(ids.includes(wallet.rdns))
      }),
      { numRuns: 30 },
    )
  })
})

describe('generic Browser Wallet', () => {
  it('is never shown on desktop', () => {
    for (const installed of [true, false]) {
      expect(showGenericBrowserWallet({ isMobile: false, rdns: 'io.metamask', installed })).toBe(false)
      expect(showGenericBrowserWallet({ isMobile: false, installed })).toBe(false)
    }
  })

  it('is hidden on mobile when it has no rdns and nothing is installed', () => {
    expect(showGenericBrowserWallet({ isMobile: true, installed: false })).toBe(false)
    expect(showGenericBrowserWallet({ isMobile: true, rdns: '', installed: false })).toBe(false)
  })

  it('is shown on mobile when it names itself or a wallet is installed', () => {
    expect(showGenericBrowserWallet({ isMobile: true, rdns: 'io.metamask', installed: false })).toBe(true)
    expect(showGenericBrowserWallet({ isMobile: true, installed: true })).toBe(true)
  })
})
