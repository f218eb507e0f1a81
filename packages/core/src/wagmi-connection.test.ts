import {
  type Config,
  connect,
  disconnect,
  hydrate,
  reconnect,
  type Connection as WagmiConnection,
} from '@wagmi/core'
import { foundry } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConnectionStore } from './stores/connection.ts'
import { alice, bob, testWagmiConfig, type Wallet, walletOf } from './wagmi.test-support.ts'
import { followWagmiConnection, restoreConnection } from './wagmi-connection.ts'

function setup(wallets: Record<string, Wallet>) {
  const config = testWagmiConfig(wallets)
  const connection = createConnectionStore()
  let synced = 0
  followWagmiConnection(config, connection, { onSynced: () => synced++ })
  const connector = (id: string) => walletOf(config, id)
  return { config, connection, connector, synced: () => synced }
}

/** wagmi's own reconnect after hydration ends the startup sync; these tests start past it. */
async function synced(config: Config) {
  await reconnect(config)
}

describe('the connection store follows wagmi', () => {
  it('ignores wagmi until its startup reconnect has settled', async () => {
    const { config, connection, synced: syncs } = setup({ 'io.alice': { accounts: [alice] } })
    const reconnecting = reconnect(config)
    expect(config.state.status).toBe('connecting')
    expect(connection.store.getState().status).toBe('disconnected')
    await reconnecting
    expect(syncs()).toBe(1)
    expect(connection.store.getState().status).toBe('disconnected')
  })

  it('is connecting while wagmi connects, then connected with the new connection current', async () => {
    const { config, connection, connector } = setup({ 'io.alice': { accounts: [alice] } })
    await synced(config)
    const statuses: string[] = []
    connection.store.subscribe((state) => statuses.push(state.status))
    await connect(config, { connector: connector('io.alice') })
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(connection.current()).toEqual({ connectorId: 'io.alice', accounts: [alice], chainId: foundry.id })
  })

  it('returns to disconnected when the first wallet refuses', async () => {
    const { config, connection, connector } = setup({ 'io.alice': { accounts: [alice], refuse: true } })
    await synced(config)
    await expect(connect(config, { connector: connector('io.alice') })).rejects.toThrow()
    expect(connection.store.getState()).toMatchObject({ status: 'disconnected', connections: [] })
  })

  it('keeps the connection it had when another wallet refuses', async () => {
    const { config, connection, connector } = setup({
      'io.alice': { accounts: [alice] },
      'io.bob': { accounts: [bob], refuse: true },
    })
    await synced(config)
    await connect(config, { connector: connector('io.alice') })
    await expect(connect(config, { connector: connector('io.bob') })).rejects.toThrow()
    expect(connection.store.getState()).toMatchObject({ status: 'connected', currentConnectorId: 'io.alice' })
    expect(connection.store.getState().connections).toHaveLength(1)
  })

  it('follows an account switch in the wallet', async () => {
    const { config, connection, connector } = setup({ 'io.alice': { accounts: [alice] } })
    await synced(config)
    await connect(config, { connector: connector('io.alice') })
    connector('io.alice').emitter.emit('change', { accounts: [bob] })
    expect(connection.current()?.accounts).toEqual([bob])
  })

  it('makes the remaining connection current on disconnect, and disconnects with the last', async () => {
    const { config, connection, connector } = setup({
      'io.alice': { accounts: [alice] },
      'io.bob': { accounts: [bob] },
    })
    await synced(config)
    await connect(config, { connector: connector('io.alice') })
    await connect(config, { connector: connector('io.bob') })
    expect(connection.store.getState().currentConnectorId).toBe('io.bob')
    await disconnect(config, { connector: connector('io.bob') })
    expect(connection.store.getState()).toMatchObject({
      status: 'connected',
      currentConnectorId: 'io.alice',
      connections: [{ connectorId: 'io.alice', accounts: [alice], chainId: foundry.id }],
    })
    await disconnect(config, { connector: connector('io.alice') })
    expect(connection.store.getState()).toMatchObject({ status: 'disconnected', connections: [] })
  })
})

describe('restoring a connection at startup', () => {
  function restored(authorized: boolean) {
    const { config, connection, synced: syncs } = setup({ 'io.alice': { accounts: [alice], authorized } })
    const stored: WagmiConnection = {
      accounts: [alice],
      chainId: foundry.id,
      connector: {
        id: 'io.alice',
        name: 'io.alice',
        type: 'injected',
        uid: 'uid-1',
      } as WagmiConnection['connector'],
    }
    const hydration = hydrate(config, {
      initialState: {
        chainId: foundry.id,
        connections: new Map([['uid-1', stored]]),
        current: 'uid-1',
        status: 'connected',
      },
      reconnectOnMount: true,
    })
    restoreConnection(config, connection)
    return { config, connection, hydration, syncs }
  }

  it('starts connecting with the stored connection, then connected once the wallet answers', async () => {
    const { connection, hydration, syncs } = restored(true)
    expect(connection.store.getState()).toMatchObject({
      status: 'connecting',
      currentConnectorId: 'io.alice',
    })
    expect(connection.current()?.accounts).toEqual([alice])
    await hydration.onMount()
    await vi_waitFor(() => syncs() === 1)
    expect(connection.store.getState()).toMatchObject({ status: 'connected', currentConnectorId: 'io.alice' })
  })

  it('ends disconnected when the wallet no longer knows the page', async () => {
    const { connection, hydration, syncs } = restored(false)
    await hydration.onMount()
    await vi_waitFor(() => syncs() === 1)
    expect(connection.store.getState()).toMatchObject({ status: 'disconnected', connections: [] })
  })
})

async function vi_waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}
