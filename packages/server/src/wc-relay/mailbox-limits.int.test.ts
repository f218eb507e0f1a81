import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  connectRaw,
  type RawClient,
  RELAY_PAGE,
  type RelayApp,
  relayProject,
  startRelayApp,
} from '../test-support/wc-relay.ts'
import type { RelayLimits } from './limits.ts'
import { RpcErrorCode } from './protocol.ts'

const topic = () => randomBytes(32).toString('hex')
/** 1000 bytes, each message its own (the same message twice on a topic is stored once). */
const kib = () => randomBytes(500).toString('hex')
const publish = (client: RawClient, on: string, message = kib(), ttl = 600) =>
  client.request('irn_publish', { topic: on, message, ttl, tag: 1108, prompt: false })
const fetched = async (client: RawClient, on: string) => {
  const answer = await client.request('irn_fetchMessages', { topic: on })
  return (answer.result as { messages: unknown[] }).messages.length
}

/** A relay with small caps, its clock in the test's hands. */
function relayWith(
  backend: Parameters<Parameters<typeof describeEachBackend>[1]>[0],
  limits: Partial<RelayLimits>,
) {
  const state = {
    testDb: undefined as TestDatabase | undefined,
    relay: undefined as RelayApp | undefined,
    project: undefined as Project | undefined,
    now: Date.now(),
    open: [] as RawClient[],
  }
  beforeAll(async () => {
    state.testDb = await backend.open()
    state.project = await relayProject(state.testDb.database)
    state.relay = await startRelayApp(state.testDb.database, {
      now: () => state.now,
      limits: { maxMessageBytes: 1024, burst: 1000, perSecond: 1000, ...limits },
    })
  })
  afterEach(async () => {
    await Promise.all(state.open.splice(0).map((client) => client.close()))
  })
  afterAll(async () => {
    await state.relay?.close()
    await state.testDb?.dispose()
  })
  const connect = async (projectId = state.project?.id ?? '') => {
    const client = await connectRaw(state.relay?.url ?? '', projectId)
    state.open.push(client)
    return client
  }
  const ready = async () => (await state.relay?.app.inject({ url: '/health/ready' }))?.json()
  return { state, connect, ready }
}

describeEachBackend('WalletConnect relay mailbox caps', (backend) => {
  const { state, connect } = relayWith(backend, {
    maxStoredBytesPerTopic: 2048,
    maxStoredBytesPerProject: 4096,
    maxStoredBytesPerIp: 6144,
    unreadTtlSeconds: 60,
  })
  // Each test starts after what the previous one stored has expired.
  afterEach(() => {
    state.now += 601_000
  })

  test('past the bytes kept on one topic a publish is refused, and nothing of it is stored', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const shared = topic()
    await wallet.request('irn_subscribe', { topic: shared })
    expect(await publish(dapp, shared)).toMatchObject({ result: true })
    expect(await publish(dapp, shared)).toMatchObject({ result: true })
    const refused = await publish(dapp, shared)
    expect(refused.error).toEqual({
      code: RpcErrorCode.LIMIT_EXCEEDED,
      message: expect.stringMatching(/2048 bytes of messages on this topic: wait until the peer/),
    })
    const reader = await connect()
    expect(await fetched(reader, shared)).toBe(2)
  })

  test('past the bytes kept for a project, then for an address, publishes are refused', async () => {
    const dapp = await connect()
    for (let stored = 0; stored < 4; stored++)
      expect(await publish(dapp, topic())).toMatchObject({ result: true })
    expect((await publish(dapp, topic())).error?.message).toContain("for this project's pages")
    // Another project from the same address has room until the address's own cap.
    const other = await createProject(state.testDb?.database.db as never, {
      name: 'Other',
      origins: [RELAY_PAGE],
    })
    const neighbour = await connect(other.id)
    expect(await publish(neighbour, topic())).toMatchObject({ result: true })
    expect(await publish(neighbour, topic())).toMatchObject({ result: true })
    expect((await publish(neighbour, topic())).error).toMatchObject({
      code: RpcErrorCode.LIMIT_EXCEEDED,
      message: expect.stringContaining('from your address'),
    })
  })

  test('a message on a topic nobody subscribed to is kept minutes, on a subscribed one its TTL', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const [unread, read] = [topic(), topic()]
    await wallet.request('irn_subscribe', { topic: read })
    await wallet.request('irn_unsubscribe', { topic: read })
    expect(await publish(dapp, unread)).toMatchObject({ result: true })
    expect(await publish(dapp, read)).toMatchObject({ result: true })
    state.now += 61_000
    const later = await connect()
    expect(await fetched(later, unread)).toBe(0)
    expect(await fetched(later, read)).toBe(1)
  })
})

describeEachBackend('WalletConnect relay mailbox and sockets in total', (backend) => {
  const { connect, ready } = relayWith(backend, { maxMailboxBytes: 3000, maxSocketsPerIp: 3 })

  test('past the mailbox cap the oldest messages make room; /health/ready shows the numbers', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const topics = [topic(), topic(), topic(), topic()]
    await wallet.request('irn_batchSubscribe', { topics })
    for (const on of topics) expect(await publish(dapp, on)).toMatchObject({ result: true })
    const reader = await connect()
    expect(await fetched(reader, topics[0] as string)).toBe(0)
    expect(await fetched(reader, topics[3] as string)).toBe(1)
    expect((await ready()).relay).toEqual({
      sockets: 3,
      mailbox: { messages: 3, bytes: 3000, maxBytes: 3000 },
    })
  })

  test('sockets past the cap per address are closed with try-again-later until one closes', async () => {
    await expect.poll(async () => (await ready()).relay.sockets).toBe(0)
    const first = await connect()
    await connect()
    await connect()
    const extra = await connect()
    expect(await extra.closed).toMatchObject({ code: 1013, reason: expect.stringContaining('at most 3') })
    await first.close()
    await expect.poll(async () => (await ready()).relay.sockets).toBe(2)
    const again = await connect()
    expect(await again.request('irn_subscribe', { topic: topic() })).toMatchObject({
      result: expect.any(String),
    })
  })
})
