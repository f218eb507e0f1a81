import { describe, expect, it } from 'vitest'
import { ErrorText } from '../errors.ts'
import { createMemoryStorage } from '../storage.ts'
import type { Timers } from '../stores/modal.ts'
import { createToastStore } from '../stores/toast.ts'
import { createBalancesStore } from './balances-store.ts'
import { ALICE, CHAIN } from './fixtures.test-support.ts'
import { createServicesClient } from './http-client.ts'

/** Timers the test runs by hand: `elapse` fires what is due, so no test waits in real time. */
function handTimers() {
  let clock = 0
  const due = new Map<number, { at: number; run: () => void }>()
  let next = 0
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.set(++next, { at: clock + ms, run })
      return next
    },
    clearTimeout: (handle) => due.delete(handle as number),
  }
  const elapse = (ms: number) => {
    clock += ms
    for (const [handle, timer] of due)
      if (timer.at <= clock) {
        due.delete(handle)
        timer.run()
      }
  }
  return { timers, elapse }
}

describe('balances that do not arrive', () => {
  it('end the loading after the time limit: failed, with the toast, and a Retry asks again', async () => {
    const asked: string[] = []
    // The services (or the chain behind them) never answer.
    const services = createServicesClient({
      baseUrl: 'http://s.test',
      projectId: 'p',
      fetch: (input) => {
        asked.push(String(input))
        return new Promise<Response>(() => undefined)
      },
    })
    const toast = createToastStore({ timers: { setTimeout: () => 0, clearTimeout: () => undefined } })
    const { timers, elapse } = handTimers()
    const balances = createBalancesStore({
      services,
      storage: createMemoryStorage(),
      toast,
      network: { id: 31337, caipNetworkId: CHAIN },
      timers,
      loadTimeoutMs: 15_000,
    })
    const loading = balances.fetchBalances(ALICE)
    await Promise.resolve()
    expect(balances.store.getState()).toMatchObject({ loading: true, failed: false })
    elapse(14_999)
    await Promise.resolve()
    expect(balances.store.getState().loading).toBe(true)
    elapse(1)
    await loading
    expect(balances.store.getState()).toMatchObject({ loading: false, failed: true })
    expect(toast.store.getState()).toMatchObject({ open: true, message: ErrorText.TOKEN_BALANCE_UNAVAILABLE })

    void balances.fetchBalances(ALICE, { force: true })
    await Promise.resolve()
    expect(balances.store.getState()).toMatchObject({ loading: true, failed: false })
    expect(asked.length).toBeGreaterThan(0)
  })
})
