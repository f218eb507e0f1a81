/**
 * wagmi owns the wallet connection; the connection store mirrors it for the modal (behaviour §4). This
 * module is the store's one writer: once at creation from the state wagmi restored, then from
 * wagmi's changes. Connecting and disconnecting only ask wagmi, so the two can never disagree.
 */
import { type Config, type GetConnectionReturnType, watchConnection } from '@wagmi/core'
import type { Connection, ConnectionStore } from './stores/connection.ts'

export function wagmiConnections(config: Config): Connection[] {
  return [...config.state.connections.values()].map((c) => ({
    connectorId: c.connector.id,
    accounts: c.accounts,
    chainId: c.chainId,
  }))
}

/**
 * The server render and the first browser render start from the connections in wagmi's restored
 * state; the store says "connecting" until wagmi's reconnect confirms them.
 */
export function restoreConnection(config: Config, connection: ConnectionStore): void {
  const restored = wagmiConnections(config)
  if (restored.length === 0) return
  connection.hydrate('connected')
  const current = restored.find((c) => c.connectorId === currentConnectorId(config)) ?? restored[0]
  if (current) connection.store.setState({ connections: restored, currentConnectorId: current.connectorId })
}

/** Follows wagmi from now on; returns the stop. `onSynced` runs once wagmi's reconnect has ended. */
export function followWagmiConnection(
  config: Config,
  connection: ConnectionStore,
  { onSynced }: { onSynced(): void },
): () => void {
  // wagmi reconnects on its own after hydration; the store takes its outcome as a whole, once.
  let synced = false
  return watchConnection(config, {
    onChange(next) {
      if (synced) {
        follow(config, connection, next)
        return
      }
      if (next.status !== 'connected' && next.status !== 'disconnected') return
      synced = true
      onSynced()
      connection.syncFinished(next.status === 'connected' ? wagmiConnections(config) : [])
    },
  })
}

function follow(config: Config, connection: ConnectionStore, next: GetConnectionReturnType): void {
  switch (next.status) {
    case 'connecting':
      connection.startConnecting()
      break
    case 'disconnected':
      connection.disconnectedAll()
      break
    case 'connected':
      followConnected(config, connection, {
        connectorId: next.connector.id,
        accounts: next.addresses,
        chainId: next.chainId,
      })
      break
    // 'reconnecting' is wagmi's own start-up; the change that ends it follows.
  }
}

function followConnected(config: Config, connection: ConnectionStore, current: Connection): void {
  const live = wagmiConnections(config)
  for (const { connectorId } of connection.store.getState().connections) {
    if (!live.some((c) => c.connectorId === connectorId)) connection.disconnected(connectorId)
  }
  const { currentConnectorId, status } = connection.store.getState()
  if (current.connectorId !== currentConnectorId) {
    connection.connected(current)
    return
  }
  connection.updateConnection(current.connectorId, { accounts: current.accounts, chainId: current.chainId })
  // Back on the connection it had: the wallet that was being connected refused.
  if (status === 'connecting') connection.connectFailed()
}

function currentConnectorId(config: Config): string | undefined {
  const uid = config.state.current
  return uid ? config.state.connections.get(uid)?.connector.id : undefined
}
