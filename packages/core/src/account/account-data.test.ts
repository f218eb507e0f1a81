import { describe, expect, it } from 'vitest'
import { ErrorText } from '../errors.ts'
import { createMemoryStorage } from '../storage.ts'
import { createStore } from '../store.ts'
import type { Timers } from '../stores/modal.ts'
import { createToastStore } from '../stores/toast.ts'
import { createAccountData } from './account-data.ts'
import { ALICE, BOB, balance, CHAIN, nftTransfer, transaction } from './fixtures.test-support.ts'
import { createServicesClient } from './http-client.ts'
import type { RequestProvider } from './wallet-assets.ts'

const NO_ANALYTICS = { track: async () => {}, trackError: async () => {} }

type Route = (url: URL) => { status: number; body?: unknown }

/** A fake services origin: answers by path, records what was asked. */
function services(route: Route) {
  const asked: URL[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    asked.push(url)
    const { status, body } = route(url)
    return new Response(JSON.stringify(body ?? {}), { status })
  }) as typeof globalThis.fetch
  return { asked, fetch }
}

const noTimers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined }

function setup(route: Route, walletProvider?: () => Promise<RequestProvider | undefined>) {
  const { asked, fetch } = services(route)
  let clock = 1_000_000
  const account = createStore<{ address: string | undefined }>({ address: ALICE })
  const toast = createToastStore({ timers: noTimers })
  const data = createAccountData({
    services: createServicesClient({ baseUrl: 'http://s.test', projectId: 'p', fetch }),
    analytics: NO_ANALYTICS,
    storage: createMemoryStorage(),
    toast,
    network: { id: 31337, caipNetworkId: CHAIN },
    account,
    walletProvider,
    timers: noTimers,
    now: () => clock,
  })
  return { data, asked, account, toast, tick: (ms: number) => (clock += ms) }
}

const balancePaths = (asked: URL[]) => asked.filter((url) => url.pathname.endsWith('/balance'))

describe('portfolio', () => {
  it('keeps the balances 30 s per address and asks again after that', async () => {
    const { data, asked, tick } = setup(() => ({
      status: 200,
      body: { balances: [balance('USDC', 5, '6')] },
    }))
    await data.balances.fetchBalances(ALICE)
    expect(data.balances.store.getState()).toMatchObject({ address: ALICE, loading: false, failed: false })
    expect(data.balances.store.getState().balances.map((b) => b.symbol)).toEqual(['USDC'])
    tick(29_000)
    await data.balances.fetchBalances(ALICE)
    expect(balancePaths(asked)).toHaveLength(1)
    tick(1_000)
    await data.balances.fetchBalances(ALICE)
    expect(balancePaths(asked)).toHaveLength(2)
    expect(balancePaths(asked)[0]?.searchParams.get('forceUpdate')).toBe('false')
  })

  it('shows Token Balance Unavailable on failure and does not retry for 30 s unless forced', async () => {
    const { data, asked, toast, tick } = setup(() => ({ status: 500 }))
    await data.balances.fetchBalances(ALICE)
    expect(toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: ErrorText.TOKEN_BALANCE_UNAVAILABLE,
    })
    // Unknown, not empty: the Tokens tab says so instead of "No tokens yet".
    expect(data.balances.store.getState()).toMatchObject({ failed: true, loading: false, balances: [] })
    tick(29_999)
    await data.balances.fetchBalances(ALICE)
    expect(balancePaths(asked)).toHaveLength(1)
    await data.balances.fetchBalances(ALICE, { force: true })
    expect(balancePaths(asked)).toHaveLength(2)
    expect(balancePaths(asked)[1]?.searchParams.get('forceUpdate')).toBe('true')
    tick(30_001)
    await data.balances.fetchBalances(ALICE)
    expect(balancePaths(asked)).toHaveLength(3)
  })

  it('uses the wallet’s own assets when it supports asset discovery on this chain', async () => {
    const methods: string[] = []
    const provider: RequestProvider = {
      async request({ method }) {
        methods.push(method)
        if (method === 'wallet_getCapabilities') return { '0x7a69': { assetDiscovery: { supported: true } } }
        return {
          '0x7a69': [
            {
              address: '0xeeee',
              balance: '0x0de0b6b3a7640000',
              type: 'NATIVE',
              metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            },
          ],
        }
      },
    }
    const { data, asked } = setup(
      () => ({ status: 500 }),
      async () => provider,
    )
    await data.balances.fetchBalances(ALICE)
    expect(methods).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
    expect(data.balances.store.getState().balances.map((b) => b.symbol)).toEqual(['ETH'])
    expect(balancePaths(asked)).toHaveLength(0)
  })

  it('falls back to the balance route when the wallet has no asset discovery or fails', async () => {
    const answers = [{ '0x1': { assetDiscovery: { supported: true } } }, new Error('Method not supported')]
    for (const answer of answers) {
      const provider: RequestProvider = {
        request: async () => {
          if (answer instanceof Error) throw answer
          return answer
        },
      }
      const { data, asked } = setup(
        () => ({ status: 200, body: { balances: [balance('DAI', 1)] } }),
        async () => provider,
      )
      await data.balances.fetchBalances(ALICE)
      expect(balancePaths(asked)).toHaveLength(1)
      expect(data.balances.store.getState().balances.map((b) => b.symbol)).toEqual(['DAI'])
    }
  })
})

describe('transactions', () => {
  const pages: Record<string, { data: unknown[]; next: string | null }> = {
    '': {
      data: [
        transaction('3', '2026-11-10T10:00:00Z'),
        transaction('other-chain', '2026-11-09T10:00:00Z', { chain: 'eip155:1' }),
        transaction('spam', '2026-11-08T10:00:00Z', { operationType: 'mint' }, [nftTransfer('Claim', true)]),
      ],
      next: 'page2',
    },
    page2: {
      data: [transaction('2', '2025-03-10T10:00:00Z'), transaction('1', '2025-02-10T10:00:00Z')],
      next: null,
    },
  }
  const history: Route = (url) => ({ status: 200, body: pages[url.searchParams.get('cursor') ?? ''] })

  it('loads pages with the cursor, hides other chains and spam, and stops at the last page', async () => {
    const { data, asked } = setup(history)
    await data.transactions.fetchTransactions(ALICE)
    expect(data.transactions.store.getState()).toMatchObject({
      loading: false,
      empty: false,
      next: 'page2',
      lastNetworkInView: CHAIN,
    })
    expect(data.transactions.store.getState().transactions.map((t) => t.id)).toEqual(['3'])
    await data.transactions.fetchTransactions(ALICE)
    const state = data.transactions.store.getState()
    expect(state.transactions.map((t) => t.id)).toEqual(['3', '2', '1'])
    expect(state.next).toBeUndefined()
    expect(Object.keys(state.transactionsByYear).sort()).toEqual(['2025', '2026'])
    await data.transactions.fetchTransactions(ALICE)
    expect(asked.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'page2'])
    expect(asked[0]?.searchParams.get('chainId')).toBe(CHAIN)
  })

  it('marks an account without transactions as empty', async () => {
    const { data } = setup(() => ({ status: 200, body: { data: [], next: null } }))
    await data.transactions.fetchTransactions(ALICE)
    expect(data.transactions.store.getState()).toMatchObject({
      empty: true,
      loading: false,
      transactions: [],
    })
  })

  it('on failure shows the toast, sets empty and clears the cursor', async () => {
    let fail = false
    const { data, toast } = setup((url) => (fail ? { status: 502 } : history(url)))
    await data.transactions.fetchTransactions(ALICE)
    fail = true
    await data.transactions.fetchTransactions(ALICE)
    expect(data.transactions.store.getState()).toMatchObject({ empty: true, next: undefined, loading: false })
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'Failed to fetch transactions' })
  })

  it('refuses to fetch without an account address', async () => {
    const { data } = setup(history)
    await expect(data.transactions.fetchTransactions(undefined)).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
  })

  it('puts new transactions on top when refreshed, without repeating known ones', async () => {
    let latest = pages['']
    const { data } = setup((url) =>
      url.searchParams.get('cursor') ? history(url) : { status: 200, body: latest },
    )
    await data.transactions.fetchTransactions(ALICE)
    latest = { data: [transaction('4', '2026-11-11T10:00:00Z'), ...(pages['']?.data ?? [])], next: 'page2' }
    await data.transactions.refreshLatest(ALICE)
    await data.transactions.refreshLatest(ALICE)
    expect(data.transactions.store.getState().transactions.map((t) => t.id)).toEqual(['4', '3'])
    expect(data.transactions.store.getState().next).toBe('page2')
  })

  it('forgets everything of the previous address when the account changes', async () => {
    const { data, account } = setup((url) =>
      url.pathname.endsWith('/balance')
        ? { status: 200, body: { balances: [balance('ETH', 1)] } }
        : history(url),
    )
    await data.transactions.fetchTransactions(ALICE)
    await data.balances.fetchBalances(ALICE)
    account.setState({ address: BOB })
    expect(data.transactions.store.getState().transactions).toEqual([])
    expect(data.balances.store.getState().balances).toEqual([])
  })
})

describe('NFTs', () => {
  it('keeps only the non-spam NFTs', async () => {
    const { data } = setup(() => ({
      status: 200,
      body: {
        data: [
          {
            contract: '0x1',
            tokenId: '1',
            name: 'Orb #1',
            collection: { name: 'Portico Orbs', symbol: 'ORB' },
            image: 'data:,',
            isSpam: false,
          },
          {
            contract: '0x2',
            tokenId: '1',
            name: 'Claim',
            collection: { name: 'Free Airdrop Claim', symbol: 'SPAM' },
            image: 'data:,',
            isSpam: true,
          },
        ],
        next: null,
      },
    }))
    await data.nfts.fetchNfts(ALICE)
    expect(data.nfts.store.getState()).toMatchObject({ loaded: true, loading: false, failed: false })
    expect(data.nfts.store.getState().nfts.map((nft) => nft.name)).toEqual(['Orb #1'])
  })
})

describe('after a send', () => {
  it('waits for the services to list the sent transaction, then fetches balances fresh', async () => {
    let indexed = false
    const sent = transaction('9', '2026-11-12T10:00:00Z')
    const waits: number[] = []
    const { asked, fetch } = services((url) => {
      if (url.pathname.endsWith('/balance'))
        return { status: 200, body: { balances: [balance('USDC', 1, '6')] } }
      const data = indexed ? [sent] : []
      indexed = true // the index catches up between the first and the second look
      return { status: 200, body: { data, next: null } }
    })
    const data = createAccountData({
      services: createServicesClient({ baseUrl: 'http://s.test', projectId: 'p', fetch }),
      analytics: NO_ANALYTICS,
      storage: createMemoryStorage(),
      toast: createToastStore({ timers: noTimers }),
      network: { id: 31337, caipNetworkId: CHAIN },
      account: createStore<{ address: string | undefined }>({ address: ALICE }),
      timers: {
        setTimeout: (callback, ms) => {
          waits.push(ms)
          callback()
          return 0
        },
        clearTimeout: () => undefined,
      },
    })
    await data.refreshAfterSend(sent.hash ?? '')
    expect(waits).toEqual([1000])
    expect(data.transactions.store.getState().transactions.map((t) => t.id)).toEqual(['9'])
    const balanceCalls = asked.filter((url) => url.pathname.endsWith('/balance'))
    expect(balanceCalls.map((url) => url.searchParams.get('forceUpdate'))).toEqual(['true'])
  })
})
