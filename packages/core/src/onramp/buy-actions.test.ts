import { describe, expect, it, vi } from 'vitest'
import { type ServicesClient, ServicesError } from '../account/http-client.ts'
import { followPurchase, openCheckout } from './buy-actions.ts'
import { createBuyStore } from './buy-store.ts'
import type { OnrampQuote } from './onramp.ts'

const quote = {
  quoteId: 'q1',
  provider: 'sandbox',
  purchaseAmount: { amount: '0.03', currency: 'ETH' },
} as OnrampQuote
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const answering = (post: (request: { path: string; body?: unknown }) => Promise<unknown>) =>
  ({ post, get: post }) as unknown as ServicesClient
const blankWindow = () => ({ location: { href: 'about:blank' }, close: vi.fn() })

describe('opening a checkout', () => {
  it('points the window opened by the click at the checkout and starts following the purchase', async () => {
    const buy = createBuyStore()
    const services = answering(async () => ({
      url: 'http://127.0.0.1:4100/onramp/sandbox/checkout?session=s',
      purchaseId: 'p1',
    }))
    const checkoutWindow = blankWindow()
    const opened = await openCheckout({
      buy,
      services,
      quote,
      providerName: 'Sandbox',
      address: ADDRESS,
      checkoutWindow,
    })
    expect(opened).toBe(true)
    expect(checkoutWindow.location.href).toBe('http://127.0.0.1:4100/onramp/sandbox/checkout?session=s')
    expect(buy.store.getState().progress).toMatchObject({
      purchaseId: 'p1',
      status: 'waiting',
      providerName: 'Sandbox',
    })
  })

  it('never opens anything but a web page, and closes the blank window with the services’ reason when it fails', async () => {
    for (const [answer, reason] of [
      [
        async () => ({ url: 'javascript:alert(1)' }),
        'The checkout could not be opened. Try again in a moment.',
      ],
      [
        async () => {
          throw new ServicesError(410, 'This quote has expired: ask for a new one')
        },
        'This quote has expired: ask for a new one',
      ],
    ] as const) {
      const buy = createBuyStore()
      const checkoutWindow = blankWindow()
      const opened = await openCheckout({
        buy,
        services: answering(answer),
        quote,
        providerName: 'Sandbox',
        address: ADDRESS,
        checkoutWindow,
      })
      expect(opened).toBe(false)
      expect(checkoutWindow.location.href).toBe('about:blank')
      expect(checkoutWindow.close).toHaveBeenCalledOnce()
      expect(buy.store.getState()).toMatchObject({ failure: reason, progress: undefined, opening: false })
    }
  })
})

describe('following a purchase', () => {
  it('asks again until it is paid, then refreshes once and stops', async () => {
    vi.useFakeTimers()
    try {
      const buy = createBuyStore()
      const statuses = ['created', 'pending', 'paid']
      const services = answering(async () => ({
        status: statuses.shift(),
        txHash: '0xabc',
        failureReason: null,
      }))
      await openCheckout({
        buy,
        services: answering(async () => ({ url: 'https://pay.example/c', purchaseId: 'p1' })),
        quote,
        providerName: 'Sandbox',
        address: ADDRESS,
        checkoutWindow: null,
      })
      const onPaid = vi.fn(async () => undefined)
      const following = followPurchase({
        buy,
        services,
        purchaseId: 'p1',
        signal: new AbortController().signal,
        onPaid,
      })
      await vi.runAllTimersAsync()
      await following
      expect(buy.store.getState().progress).toMatchObject({ status: 'paid', txHash: '0xabc' })
      expect(onPaid).toHaveBeenCalledOnce()
      expect(statuses).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })
})
