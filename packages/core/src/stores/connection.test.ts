import { describe, expect, it } from 'vitest'
import { type Connection, createConnectionStore } from './connection.ts'

const metamask: Connection = { connectorId: 'io.metamask', accounts: ['0xaaa'], chainId: 1 }
const rabby: Connection = { connectorId: 'io.rabby', accounts: ['0xbbb'], chainId: 1 }

describe('connection store', () => {
  it('starts disconnected with no connection', () => {
    const connection = createConnectionStore()
    expect(connection.store.getState().status).toBe('disconnected')
    expect(connection.current()).toBeUndefined()
  })

  it('turns a stored connected or reconnecting status into connecting at startup', () => {
    for (const stored of ['connected', 'reconnecting'] as const) {
      const connection = createConnectionStore()
      connection.hydrate(stored)
      expect(connection.store.getState().status).toBe('connecting')
    }
    for (const stored of ['disconnected', 'connecting', undefined] as const) {
      const connection = createConnectionStore()
      connection.hydrate(stored)
      expect(connection.store.getState().status).toBe('disconnected')
    }
  })

  it('ends the startup sync connected when a wallet answered, else disconnected', () => {
    const connection = createConnectionStore()
    connection.hydrate('connected')
    connection.syncFinished([metamask])
    expect(connection.store.getState().status).toBe('connected')
    expect(connection.current()).toEqual(metamask)

    const gone = createConnectionStore()
    gone.hydrate('connected')
    gone.syncFinished([])
    expect(gone.store.getState()).toMatchObject({ status: 'disconnected', currentConnectorId: undefined })
  })

  it('makes a new connection current', () => {
    const connection = createConnectionStore()
    connection.startConnecting()
    expect(connection.store.getState().status).toBe('connecting')
    connection.connected(metamask)
    connection.startConnecting()
    connection.connected(rabby)
    expect(connection.store.getState()).toMatchObject({ status: 'connected', currentConnectorId: 'io.rabby' })
    expect(connection.store.getState().connections).toEqual([metamask, rabby])
  })

  it('replaces a connection of the same connector instead of listing it twice', () => {
    const connection = createConnectionStore()
    connection.connected(metamask)
    connection.connected({ ...metamask, accounts: ['0xccc'] })
    expect(connection.store.getState().connections).toEqual([{ ...metamask, accounts: ['0xccc'] }])
  })

  it('goes back to the previous status when connecting fails', () => {
    const fresh = createConnectionStore()
    fresh.startConnecting()
    fresh.startConnecting()
    fresh.connectFailed()
    expect(fresh.store.getState().status).toBe('disconnected')

    const existing = createConnectionStore()
    existing.connected(metamask)
    existing.startConnecting()
    existing.connectFailed()
    expect(existing.store.getState().status).toBe('connected')
    expect(existing.current()).toEqual(metamask)
  })

  it('follows account and chain changes of a known connector only', () => {
    const connection = createConnectionStore()
    connection.connected(metamask)
    connection.updateConnection('io.metamask', { chainId: 10, accounts: ['0xddd'] })
    expect(connection.current()).toEqual({ connectorId: 'io.metamask', accounts: ['0xddd'], chainId: 10 })
    const before = connection.store.getState()
    connection.updateConnection('unknown', { chainId: 5 })
    expect(connection.store.getState()).toBe(before)
  })

  it('hands over to another connection when the current one disconnects', () => {
    const connection = createConnectionStore()
    connection.connected(metamask)
    connection.connected(rabby)
    connection.disconnected('io.rabby')
    expect(connection.store.getState()).toMatchObject({
      status: 'connected',
      currentConnectorId: 'io.metamask',
    })
    connection.disconnected('io.metamask')
    expect(connection.store.getState()).toMatchObject({
      status: 'disconnected',
      connections: [],
      currentConnectorId: undefined,
    })
  })

  it('keeps the current connection when another one disconnects', () => {
    const connection = createConnectionStore()
    connection.connected(metamask)
    connection.connected(rabby)
    connection.disconnected('io.metamask')
    expect(connection.current()).toEqual(rabby)
  })

  it('drops every connection on disconnect all', () => {
    const connection = createConnectionStore()
    connection.connected(metamask)
    connection.connected(rabby)
    connection.disconnectedAll()
    expect(connection.store.getState()).toMatchObject({ status: 'disconnected', connections: [] })
    expect(connection.current()).toBeUndefined()
  })
})
