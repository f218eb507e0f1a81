import { createStore, type Store } from '../store.ts'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export interface Connection {
  connectorId: string
  accounts: readonly string[]
  chainId: number
}

interface ConnectionState {
  status: ConnectionStatus
  /** Oldest first; the last one is the most recently connected. */
  connections: Connection[]
  currentConnectorId: string | undefined
  /** Where a failed connection attempt returns to. */
  previousStatus: ConnectionStatus
}

export interface ConnectionStore {
  store: Store<ConnectionState>
  hydrate(storedStatus: ConnectionStatus | undefined): void
  startConnecting(): void
  connected(connection: Connection): void
  connectFailed(): void
  syncFinished(connections: readonly Connection[]): void
  updateConnection(connectorId: string, patch: Partial<Omit<Connection, 'connectorId'>>): void
  disconnected(connectorId: string): void
  disconnectedAll(): void
  current(): Connection | undefined
}

export function createConnectionStore(): ConnectionStore {
  const store = createStore<ConnectionState>({
    status: 'disconnected',
    connections: [],
    currentConnectorId: undefined,
    previousStatus: 'disconnected',
  })

  return {
    store,
    hydrate(storedStatus) {
      // A stored session is only a promise until the wallet confirms it, so the page shows
      // "connecting" rather than an account that may no longer be there.
      const wasConnected = storedStatus === 'connected' || storedStatus === 'reconnecting'
      const status: ConnectionStatus = wasConnected ? 'connecting' : 'disconnected'
      store.setState({ status, previousStatus: 'disconnected' })
    },
    startConnecting() {
      store.setState((state) =>
        state.status === 'connecting' ? {} : { status: 'connecting', previousStatus: state.status },
      )
    },
    connected(connection) {
      store.setState((state) => ({
        connections: [
          ...state.connections.filter((c) => c.connectorId !== connection.connectorId),
          connection,
        ],
        currentConnectorId: connection.connectorId,
        status: 'connected',
        previousStatus: 'connected',
      }))
    },
    connectFailed() {
      store.setState((state) => ({ status: state.previousStatus }))
    },
    syncFinished(connections) {
      store.setState((state) => {
        const list = [...connections]
        const keep = list.some((c) => c.connectorId === state.currentConnectorId)
        const currentConnectorId = keep ? state.currentConnectorId : list[list.length - 1]?.connectorId
        const status: ConnectionStatus = list.length > 0 ? 'connected' : 'disconnected'
        return { connections: list, currentConnectorId, status, previousStatus: status }
      })
    },
    updateConnection(connectorId, patch) {
      store.setState((state) => {
        if (!state.connections.some((c) => c.connectorId === connectorId)) return {}
        return {
          connections: state.connections.map((c) =>
            c.connectorId === connectorId ? { ...c, ...patch, connectorId } : c,
          ),
        }
      })
    },
    disconnected(connectorId) {
      store.setState((state) => {
        const connections = state.connections.filter((c) => c.connectorId !== connectorId)
        if (connections.length === state.connections.length) return {}
        if (connections.length === 0) {
          return {
            connections,
            currentConnectorId: undefined,
            status: 'disconnected',
            previousStatus: 'disconnected',
          }
        }
        const currentConnectorId =
          state.currentConnectorId === connectorId
            ? connections[connections.length - 1]?.connectorId
            : state.currentConnectorId
        return { connections, currentConnectorId }
      })
    },
    disconnectedAll() {
      store.setState({
        connections: [],
        currentConnectorId: undefined,
        status: 'disconnected',
        previousStatus: 'disconnected',
      })
    },
    current() {
      const { connections, currentConnectorId } = store.getState()
      return connections.find((c) => c.connectorId === currentConnectorId)
    },
  }
}
