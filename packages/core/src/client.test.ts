import { foundry, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createPortico } from './client.ts'
import { ErrorText, PorticoError } from './errors.ts'
import { createMemoryStorage, StorageKey } from './storage.ts'
import { alice, testWagmiConfig, type Wallet } from './wagmi.test-support.ts'

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}

async function mounted(wallets: Record<string, Wallet>, balance = 0n) {
  const wagmiConfig = testWagmiConfig(wallets, balance)
  let settled = false
  wagmiConfig.subscribe(
    (state) => state.status,
    (status) => {
      settled ||= status === 'disconnected'
    },
  )
  const storage = createMemoryStorage()
  const portico = createPortico({ projectId: 'p', networks: [foundry], wagmiConfig, storage })
  portico.mount()
  // wagmi's startup reconnect finds no wallet that knows the page.
  await until(() => settled)
  return { portico, storage }
}

describe('createPortico', () => {
  it("refuses a network that is not the wagmi config's first chain, the one the connectors use", () => {
    const wagmiConfig = testWagmiConfig({})
    const make = () => createPortico({ projectId: 'p', networks: [mainnet], wagmiConfig })
    expect(make).toThrow(PorticoError)
    expect(make).toThrow(
      `${ErrorText.NETWORK_NOT_WAGMI_CHAIN} (networks: ${mainnet.id}, wagmi: ${foundry.id})`,
    )
  })

  it('connects through wagmi: the account follows, the wallet is remembered and its balance read', async () => {
    const { portico, storage } = await mounted(
      { 'io.alice': { accounts: [alice] } },
      1_500_000_000_000_000_000n,
    )
    await portico.connectWallet('io.alice')
    expect(portico.account.getState()).toMatchObject({
      status: 'connected',
      address: alice,
      caipAddress: `eip155:${foundry.id}:${alice}`,
      chainId: foundry.id,
      connectorId: 'io.alice',
      isConnected: true,
      isUnsupportedChain: false,
    })
    // A wallet wagmi made from an EIP-6963 announcement: its id is its rdns.
    expect(portico.recent.getState().wallets).toEqual([{ id: 'io.alice', rdns: 'io.alice' }])
    expect(JSON.parse(storage.getItem(StorageKey.recentWallets) ?? '[]')).toEqual([
      { id: 'io.alice', rdns: 'io.alice' },
    ])
    await until(() => portico.balance.getState().value !== undefined)
    expect(portico.balance.getState()).toMatchObject({ value: 1_500_000_000_000_000_000n, loading: false })
  })

  it('reports a refused connection as a wallet error and stays disconnected', async () => {
    const { portico } = await mounted({ 'io.alice': { accounts: [alice], refuse: true } })
    const error = await portico.connectWallet('io.alice').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({ category: 'WALLET_ERROR', code: 4001 })
    expect(portico.account.getState()).toMatchObject({ status: 'disconnected', isConnected: false })
    expect(portico.recent.getState().wallets).toEqual([])
  })

  it('refuses a wallet the wagmi config does not have', async () => {
    const { portico } = await mounted({})
    await expect(portico.connectWallet('io.nobody')).rejects.toThrow('Adapter not found')
  })

  it('disconnects: no account, no balance, the modal closed', async () => {
    const { portico } = await mounted({ 'io.alice': { accounts: [alice] } }, 5n)
    await portico.connectWallet('io.alice')
    await until(() => portico.balance.getState().value === 5n)
    portico.modal.open()
    await portico.disconnect()
    expect(portico.account.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    expect(portico.balance.getState().value).toBeUndefined()
    expect(portico.modal.store.getState().open).toBe(false)
  })
})
