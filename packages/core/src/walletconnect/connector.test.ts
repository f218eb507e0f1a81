import { createConfig, createStorage, http } from '@wagmi/core'
import { foundry } from 'viem/chains'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { walletConnect } from './connector.ts'
import { loadWalletConnect } from './loaded.ts'
import { IDLE_PAIRING, SESSION_KEY, type WalletConnectApi } from './types.ts'

// The chunk with the SDK: these tests check when the connector asks for it, not what it does.
vi.mock('./loaded.ts', () => ({
  loadWalletConnect: vi.fn(async () => ({ isAuthorized: async () => true, accounts: () => [] })),
}))

function setup() {
  const entries = new Map<string, string>()
  const config = createConfig({
    chains: [foundry],
    connectors: [walletConnect({ relayUrl: 'ws://127.0.0.1:9/v1/wc-relay', projectId: 'p' })],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({
      storage: {
        getItem: (key) => entries.get(key) ?? null,
        setItem: (key, value) => void entries.set(key, value),
        removeItem: (key) => void entries.delete(key),
      },
    }),
    transports: { [foundry.id]: http('http://127.0.0.1:9') },
  })
  const connector = config.connectors[0] as (typeof config.connectors)[number] & WalletConnectApi
  return { config, connector }
}

describe('the WalletConnect connector', () => {
  beforeEach(() => vi.mocked(loadWalletConnect).mockClear())

  it('is a WalletConnect row with an idle pairing, and loads nothing to say it is not connected', async () => {
    const { connector } = setup()
    expect(connector.type).toBe('walletConnect')
    expect(connector.pairing.getState()).toEqual(IDLE_PAIRING)
    expect(await connector.isAuthorized()).toBe(false)
    expect(await connector.getAccounts()).toEqual([])
    await connector.getProvider()
    expect(loadWalletConnect).not.toHaveBeenCalled()
  })

  it('loads its chunk on start only when wagmi’s storage holds a session to restore', async () => {
    const { config, connector } = setup()
    await config.storage?.setItem(SESSION_KEY, 'ab'.repeat(32))
    expect(await connector.isAuthorized()).toBe(true)
    expect(loadWalletConnect).toHaveBeenCalledTimes(1)
  })

  it('forgets the stored session on disconnect without loading the SDK for it', async () => {
    const { config, connector } = setup()
    await config.storage?.setItem(SESSION_KEY, 'ab'.repeat(32))
    await connector.disconnect()
    expect(await config.storage?.getItem(SESSION_KEY)).toBeNull()
    expect(loadWalletConnect).not.toHaveBeenCalled()
  })
})
