import { describe, expect, it } from 'vitest'
import { lazyServicesClient } from '../services.ts'
import { createMemoryStorage } from '../storage.ts'
import { createStore } from '../store.ts'
import { createToastStore } from '../stores/toast.ts'
import { ALICE, CHAIN } from './fixtures.test-support.ts'
import { accountDataLoader } from './load.ts'

const NO_ANALYTICS = { track: async () => {}, trackError: async () => {} }

describe('accountDataLoader', () => {
  it('loads the account data once, on the page’s services client, and hands every caller the same instance', async () => {
    const services = lazyServicesClient({ servicesUrl: 'http://s.test', projectId: 'p' })
    const load = accountDataLoader({
      services,
      analytics: NO_ANALYTICS,
      storage: createMemoryStorage(),
      toast: createToastStore(),
      network: { id: 31337, caipNetworkId: CHAIN },
      account: createStore<{ address: string | undefined }>({ address: ALICE }),
    })
    const [first, second] = await Promise.all([load(), load()])
    expect(first).toBe(second)
    expect(await load()).toBe(first)
    expect(first.services).toBe(await services())
    expect(first.transactions.store.getState()).toMatchObject({ transactions: [], loading: false })
  })
})
