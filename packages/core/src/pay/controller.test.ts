import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors.ts'
import { createStore } from '../store.ts'
import type { AccountSnapshot } from '../stores/account.ts'
import { createModal } from '../stores/modal.ts'
import { createRouter } from '../stores/router.ts'
import { createPayController, type PaymentSnapshot } from './controller.ts'
import { type PayOptions, PayText } from './request.ts'

const NETWORK = 'eip155:31337'
const options: PayOptions = {
  recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '0.5',
  paymentAsset: {
    network: NETWORK,
    asset: 'native',
    metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
}
const HASH = `0x${'ab'.repeat(32)}` as const

function setUp({ connected, enabled = true }: { connected: boolean; enabled?: boolean }) {
  const account = createStore({ isConnected: connected } as AccountSnapshot)
  const router = createRouter('Connect')
  const modal = createModal({ router, isConnected: () => account.getState().isConnected })
  const payment = createStore<PaymentSnapshot>({ request: undefined, hash: undefined })
  const controller = createPayController({
    store: payment,
    enabled,
    caipNetworkId: NETWORK,
    modal,
    router,
    account,
  })
  controller.watch()
  const pay = { ...controller, store: payment }
  const settled = (promise: Promise<unknown>) => {
    const state = { value: undefined as unknown }
    void promise.then((value) => {
      state.value = value
    })
    return state
  }
  return { account, router, modal, pay, settled }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('openPay', () => {
  it('shows the payment to a connected visitor and resolves with the mined hash', async () => {
    const { router, modal, pay, settled } = setUp({ connected: true })
    const result = settled(pay.openPay(options))
    expect(modal.store.getState().open).toBe(true)
    expect(router.store.getState().view).toBe('Pay')
    expect(pay.store.getState().request).toMatchObject({ amount: '0.5', symbol: 'ETH' })
    pay.paid(HASH)
    await tick()
    expect(result.value).toEqual({ success: true, result: HASH })
    // The done state is shown until the modal closes; then the payment is gone.
    modal.close()
    expect(pay.store.getState().request).toBeUndefined()
  })

  it('asks a visitor without a wallet to connect first, then leads on to the payment', async () => {
    const { account, router, modal, pay, settled } = setUp({ connected: false })
    const result = settled(pay.openPay(options))
    expect(router.store.getState().view).toBe('Connect')
    // The wallet connects and the connect flow closes the modal, as it does without a payment.
    account.setState({ isConnected: true })
    modal.close({ force: true })
    await tick()
    expect(modal.store.getState().open).toBe(true)
    expect(router.store.getState().view).toBe('Pay')
    expect(result.value).toBeUndefined()
  })

  it('resolves as cancelled when the visitor closes the payment or leaves Connect without a wallet', async () => {
    const shown = setUp({ connected: true })
    const left = shown.settled(shown.pay.openPay(options))
    shown.modal.close()
    await tick()
    expect(left.value).toEqual({ success: false, error: PayText.CANCELLED })

    const unconnected = setUp({ connected: false })
    const gaveUp = unconnected.settled(unconnected.pay.openPay(options))
    unconnected.modal.close()
    await tick()
    expect(gaveUp.value).toEqual({ success: false, error: PayText.CANCELLED })
    expect(unconnected.modal.store.getState().open).toBe(false)
  })

  it('a second payment replaces the first, which is told so', async () => {
    const { pay, settled } = setUp({ connected: true })
    const first = settled(pay.openPay(options))
    void pay.openPay({ ...options, amount: '2' })
    await tick()
    expect(first.value).toEqual({ success: false, error: PayText.REPLACED })
    expect(pay.store.getState().request?.amount).toBe('2')
  })

  it('rejects when features.pay is off or the options are no payment, and opens nothing', async () => {
    const off = setUp({ connected: true, enabled: false })
    await expect(off.pay.openPay(options)).rejects.toThrow(PayText.OFF)
    expect(off.modal.store.getState().open).toBe(false)
    const on = setUp({ connected: true })
    await expect(on.pay.openPay({ ...options, amount: 'all' })).rejects.toBeInstanceOf(PorticoError)
    expect(on.modal.store.getState().open).toBe(false)
  })
})
