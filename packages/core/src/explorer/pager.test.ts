import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWalletPager } from './pager.ts'
import type { WalletListAnswer } from './wallet.ts'
import type { WalletListQuery } from './wallet-list.ts'
import { explorerWallet } from './wallets.test-support.ts'

/** A registry of `size` wallets named `Wallet 1`…, and `Rainbow` at 7, answering like the services. */
function fakeServices(size: number) {
  const wallets = Array.from({ length: size }, (_, index) =>
    explorerWallet(`w${index + 1}`, { name: index === 6 ? 'Rainbow' : `Wallet ${index + 1}` }),
  )
  const asked: WalletListQuery[] = []
  const pending: Array<{ query: WalletListQuery; signal: AbortSignal; settle(fail?: boolean): void }> = []
  const fetchWallets = (query: WalletListQuery, signal: AbortSignal) =>
    new Promise<WalletListAnswer>((resolve, reject) => {
      asked.push(query)
      pending.push({
        query,
        signal,
        settle(fail) {
          if (fail) return reject(new Error('HTTP status code: 503'))
          const matching = wallets.filter(
            (wallet) => !query.search || wallet.name.toLowerCase().includes(query.search.toLowerCase()),
          )
          const entries = query.entries ?? 40
          const start = ((query.page ?? 1) - 1) * entries
          resolve({ data: matching.slice(start, start + entries), count: matching.length })
        },
      })
    })
  /** Answers the oldest request still open; its promise callbacks run before this resolves. */
  const answer = async (fail = false) => {
    const next = pending.shift()
    if (!next) throw new Error('no request is open')
    next.settle(fail)
    await vi.advanceTimersByTimeAsync(0)
    return next
  }
  return { fetchWallets, asked, pending, answer }
}

const filter = { include: [], exclude: ['io.rabby'], chains: ['eip155:31337'] }

describe('the all-wallets pager', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads pages of 40 as the visitor scrolls, until all are shown', async () => {
    const services = fakeServices(95)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    expect(pager.store.getState()).toMatchObject({ status: 'loading', wallets: [], count: null })
    await services.answer()
    expect(pager.store.getState()).toMatchObject({ status: 'ready', count: 95, hasMore: true })
    expect(pager.store.getState().wallets).toHaveLength(40)

    pager.loadMore()
    pager.loadMore() // a second scroll event while the page loads asks nothing more
    expect(services.pending).toHaveLength(1)
    await services.answer()
    pager.loadMore()
    await services.answer()
    const state = pager.store.getState()
    expect(state.wallets.map((wallet) => wallet.id)).toEqual(
      Array.from({ length: 95 }, (_, index) => `w${index + 1}`),
    )
    expect(state.hasMore).toBe(false)
    pager.loadMore()
    expect(services.pending).toHaveLength(0)
    expect(services.asked).toEqual([
      { ...filter, page: 1, entries: 40 },
      { ...filter, page: 2, entries: 40 },
      { ...filter, page: 3, entries: 40 },
    ])
  })

  it('starts from the first page the Connect view already has', () => {
    const services = fakeServices(50)
    const first = { data: [explorerWallet('w1')], count: 50 }
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter, first })
    expect(pager.store.getState()).toMatchObject({ status: 'ready', count: 50, hasMore: true })
    expect(services.asked).toEqual([])
  })

  it('searches once typing pauses for 300 ms, and only for the last text', async () => {
    const services = fakeServices(120)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    await services.answer()
    pager.setSearch('r')
    await vi.advanceTimersByTimeAsync(200)
    pager.setSearch('ra')
    await vi.advanceTimersByTimeAsync(200)
    pager.setSearch('rain')
    await vi.advanceTimersByTimeAsync(299)
    expect(services.pending).toHaveLength(0)
    expect(pager.store.getState()).toMatchObject({ search: 'rain', status: 'loading' })
    await vi.advanceTimersByTimeAsync(1)
    expect(services.asked.at(-1)).toEqual({ ...filter, search: 'rain', page: 1, entries: 100 })
    await services.answer()
    expect(pager.store.getState()).toMatchObject({
      search: 'rain',
      status: 'ready',
      count: 1,
      hasMore: false,
    })
    expect(pager.store.getState().wallets.map((wallet) => wallet.name)).toEqual(['Rainbow'])
  })

  it('shows at most 100 results and never pages a search', async () => {
    const services = fakeServices(150)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    await services.answer()
    pager.setSearch('wallet')
    await vi.advanceTimersByTimeAsync(300)
    await services.answer()
    expect(pager.store.getState().wallets).toHaveLength(100)
    expect(pager.store.getState().count).toBe(149)
    pager.loadMore()
    expect(services.pending).toHaveLength(0)
  })

  it('shows the list it had again when the search is cleared, and drops a late answer', async () => {
    const services = fakeServices(60)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    await services.answer()
    pager.setSearch('rain')
    await vi.advanceTimersByTimeAsync(300)
    pager.setSearch('')
    const late = await services.answer()
    expect(late.signal.aborted).toBe(true)
    expect(pager.store.getState()).toMatchObject({ search: '', status: 'ready', count: 60, hasMore: true })
    expect(pager.store.getState().wallets).toHaveLength(40)
  })

  it('an older search answering after a newer one was sent is dropped', async () => {
    const services = fakeServices(60)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    await services.answer()
    pager.setSearch('wallet')
    await vi.advanceTimersByTimeAsync(300)
    pager.setSearch('rain')
    await vi.advanceTimersByTimeAsync(300)
    const older = await services.answer()
    expect(older.query.search).toBe('wallet')
    expect(pager.store.getState().status).toBe('loading')
    await services.answer()
    expect(pager.store.getState().wallets.map((wallet) => wallet.name)).toEqual(['Rainbow'])
  })

  it('says a page failed and asks for it again on retry', async () => {
    const services = fakeServices(60)
    const pager = createWalletPager({ fetchWallets: services.fetchWallets, filter })
    await services.answer(true)
    expect(pager.store.getState()).toMatchObject({ status: 'failed', wallets: [] })
    pager.retry()
    await services.answer()
    expect(pager.store.getState()).toMatchObject({ status: 'ready', count: 60 })
  })
})
