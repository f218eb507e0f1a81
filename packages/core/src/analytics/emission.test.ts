import { foundry } from 'viem/chains'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client.ts'
import { createMemoryStorage } from '../storage.ts'
import { alice, testWagmiConfig } from '../wagmi.test-support.ts'
import { errorProps } from './event.ts'

// The client that lazy.ts loads at the first event, replaced by one that writes events down.
const loaded = vi.hoisted(() => ({ events: [] as unknown[][], loads: 0 }))
vi.mock('./analytics-client.ts', () => ({
  servicesAnalytics: () => {
    loaded.loads++
    return {
      track: async (event: string, properties?: unknown) => void loaded.events.push([event, properties]),
      trackError: async (event: string, error: unknown, properties?: unknown) =>
        void loaded.events.push([event, properties, errorProps(error).errorType]),
    }
  },
}))

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}

function portico(analytics: boolean, refuse = false) {
  const wagmiConfig = testWagmiConfig({ 'io.alice': { accounts: [alice], refuse } })
  const created = createPortico({
    projectId: 'p',
    networks: [foundry],
    wagmiConfig,
    storage: createMemoryStorage(),
    features: { analytics },
  })
  created.mount()
  return created
}

beforeEach(() => {
  loaded.events = []
  loaded.loads = 0
})

describe('events from the modal (behaviour §7)', () => {
  it('reports the modal opening, the wallet chosen and the connection, loading the client once', async () => {
    const modal = portico(true)
    modal.modal.open()
    await modal.connectWallet('io.alice')
    await until(() => loaded.events.length === 3)
    expect(loaded.events).toEqual([
      ['MODAL_OPEN', { connected: false }],
      ['SELECT_WALLET', { method: 'browser', name: 'io.alice', rdns: 'io.alice' }],
      ['CONNECT_SUCCESS', { method: 'browser', name: 'io.alice', rdns: 'io.alice' }],
    ])
    expect(loaded.loads).toBe(1)
  })

  it('reports a refusal in the wallet as a connect error of type declined', async () => {
    const modal = portico(true, true)
    await modal.connectWallet('io.alice').catch(() => undefined)
    await until(() => loaded.events.length === 2)
    expect(loaded.events[1]).toEqual([
      'CONNECT_ERROR',
      { method: 'browser', name: 'io.alice', rdns: 'io.alice' },
      'declined',
    ])
  })

  it('a connect the modal starts before any pick (a phone’s pairing) reports only its success', async () => {
    await portico(true, true)
      .connectWallet('io.alice', { chosen: false })
      .catch(() => undefined)
    await portico(true).connectWallet('io.alice', { chosen: false })
    await until(() => loaded.events.length === 1)
    expect(loaded.events).toEqual([
      ['CONNECT_SUCCESS', { method: 'browser', name: 'io.alice', rdns: 'io.alice' }],
    ])
  })

  it('loads nothing and sends nothing when the dapp turned analytics off', async () => {
    const modal = portico(false, true)
    modal.modal.open()
    await modal.connectWallet('io.alice').catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loaded.loads).toBe(0)
    expect(loaded.events).toEqual([])
  })
})
