import { describe, expect, it } from 'vitest'
import { createAnalytics } from '../analytics/client.ts'
import { ErrorText, PorticoError } from '../errors.ts'
import type { Timers } from '../stores/modal.ts'
import { createToastStore } from '../stores/toast.ts'
import { ALICE, CHAIN, transaction } from './fixtures.test-support.ts'
import { createServicesClient } from './http-client.ts'
import { createTransactionsStore } from './transactions-store.ts'

const PROJECT = 'a'.repeat(32)
const noTimers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined }

type Answer = { status: number; body?: unknown }

/** Services whose history answer the test decides; analytics config and `POST /e` always succeed. */
function services(history: () => Answer | Promise<Answer>) {
  const events: unknown[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith('/analytics-config'))
      return new Response(JSON.stringify({ isAnalyticsEnabled: true }), { status: 200 })
    if (url.pathname === '/e') {
      events.push(JSON.parse(String(init?.body)))
      return new Response(null, { status: 204 })
    }
    const { status, body } = await history()
    return new Response(JSON.stringify(body ?? {}), { status })
  }) as typeof globalThis.fetch
  return { events, client: createServicesClient({ baseUrl: 'http://s.test', projectId: PROJECT, fetch }) }
}

function setup(history: () => Answer | Promise<Answer>) {
  const fake = services(history)
  const reported: { event: string; error: unknown }[] = []
  const toast = createToastStore({ timers: noTimers })
  const transactions = createTransactionsStore({
    services: fake.client,
    toast,
    network: { caipNetworkId: CHAIN },
    analytics: {
      trackError: async (event, error) => {
        reported.push({ event, error })
      },
    },
  })
  return { transactions, toast, reported }
}

describe('transactions store: a failed fetch', () => {
  it('shows the toast and tracks ERROR_FETCH_TRANSACTIONS once per failure', async () => {
    const { transactions, toast, reported } = setup(() => ({ status: 502 }))
    await transactions.fetchTransactions(ALICE)
    expect(toast.store.getState()).toMatchObject({
      open: true,
      message: ErrorText.FAILED_TO_FETCH_TRANSACTIONS,
    })
    expect(reported).toEqual([{ event: 'ERROR_FETCH_TRANSACTIONS', error: expect.any(PorticoError) }])
    expect(reported[0]?.error).toMatchObject({ message: 'HTTP status code: 502', category: 'API_ERROR' })
    // Unknown, not empty: the view says Activity is unavailable instead of "No activity yet".
    expect(transactions.store.getState()).toMatchObject({ failed: true, loading: false })

    await transactions.fetchTransactions(ALICE)
    expect(reported).toHaveLength(2)
  })

  it('tracks nothing when the page arrives', async () => {
    const { transactions, reported } = setup(() => ({
      status: 200,
      body: { data: [transaction('1', '2026-11-10T10:00:00Z')], next: null },
    }))
    await transactions.fetchTransactions(ALICE)
    expect(transactions.store.getState().transactions.map((t) => t.id)).toEqual(['1'])
    expect(transactions.store.getState().failed).toBe(false)
    expect(reported).toEqual([])
  })

  it('keeps from when the services show ETH, and forgets it when they show all of it', async () => {
    let from: string | null = '2026-03-12T09:00:00.000Z'
    const { transactions } = setup(() => ({
      status: 200,
      body: { data: [transaction('1', '2026-11-10T10:00:00Z')], next: null, nativeHistoryFrom: from },
    }))
    await transactions.fetchTransactions(ALICE)
    expect(transactions.store.getState().nativeHistoryFrom).toBe('2026-03-12T09:00:00.000Z')
    from = null
    await transactions.refreshLatest(ALICE)
    expect(transactions.store.getState().nativeHistoryFrom).toBeUndefined()
  })

  it('tracks nothing for an answer that belonged to the previous account', async () => {
    let answer: (value: Answer) => void = () => undefined
    const { transactions, toast, reported } = setup(
      () =>
        new Promise<Answer>((resolve) => {
          answer = resolve
        }),
    )
    const fetching = transactions.fetchTransactions(ALICE)
    transactions.reset()
    answer({ status: 502 })
    await fetching
    expect(toast.store.getState().open).toBe(false)
    expect(reported).toEqual([])
  })

  it('reaches the services as one error event with the failure', async () => {
    const fake = services(() => ({ status: 500 }))
    const analytics = createAnalytics({
      services: fake.client,
      projectId: PROJECT,
      enabled: true,
      location: () => ({ href: 'https://shop.example/', host: 'shop.example' }),
    })
    const transactions = createTransactionsStore({
      services: fake.client,
      toast: createToastStore({ timers: noTimers }),
      network: { caipNetworkId: CHAIN },
      analytics,
    })
    await transactions.fetchTransactions(ALICE)
    // The store does not wait for the report, so neither does the toast.
    await expect.poll(() => fake.events).toHaveLength(1)
    expect(fake.events[0]).toMatchObject({
      url: 'https://shop.example/',
      domain: 'shop.example',
      props: {
        type: 'error',
        event: 'ERROR_FETCH_TRANSACTIONS',
        errorType: 'API_ERROR',
        errorMessage: 'HTTP status code: 500',
      },
    })
  })
})
