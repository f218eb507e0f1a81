import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Project } from '../projects/repository.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  connectRaw,
  type RawClient,
  RELAY_PAGE,
  type RelayApp,
  relayProject,
  startRelayApp,
} from '../test-support/wc-relay.ts'
import { POLICY_VIOLATION } from './connection.ts'
import { REFUSED, RefusalText } from './handshake.ts'
import { RpcErrorCode } from './protocol.ts'

const topic = () => randomBytes(32).toString('hex')
const publish = (client: RawClient, on: string, message: string, ttl = 300) =>
  client.request('irn_publish', { topic: on, message, ttl, tag: 1108, prompt: false })

describeEachBackend('WalletConnect relay protocol', (backend) => {
  let testDb: TestDatabase
  let relay: RelayApp
  let project: Project
  let now = Date.now()
  const open: RawClient[] = []
  const connect = async (options?: Parameters<typeof connectRaw>[2]) => {
    const client = await connectRaw(relay.url, project.id, options)
    open.push(client)
    return client
  }

  beforeAll(async () => {
    testDb = await backend.open()
    project = await relayProject(testDb.database)
    relay = await startRelayApp(testDb.database, {
      now: () => now,
      limits: {
        maxMessageBytes: 1024,
        maxFrameBytes: 8 * 1024,
        maxSubscriptions: 3,
        burst: 20,
        perSecond: 5,
        refusalsBeforeClose: 3,
        pruneIntervalMs: 50,
      },
    })
  })
  afterAll(async () => {
    await Promise.all(open.map((client) => client.socket.terminate()))
    await relay?.close()
    await testDb?.dispose()
  })

  test('a published message reaches a live subscriber once acknowledged, and never its sender', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const shared = topic()
    expect((await dapp.request('irn_subscribe', { topic: shared })).result).toMatch(/^[0-9a-f]{64}$/)
    await wallet.request('irn_subscribe', { topic: shared })
    expect(await publish(dapp, shared, 'hello')).toMatchObject({ result: true })
    const [push] = await wallet.waitForPushes(1)
    expect(push?.params?.data).toMatchObject({ topic: shared, message: 'hello', tag: 1108, publishedAt: now })
    // The push to the sender, had there been one, would have left in the same turn as this one.
    await dapp.request('irn_fetchMessages', { topic: topic() })
    expect(dapp.pushes).toEqual([])
    wallet.ack(push as never)
    await expect.poll(() => acks(wallet.clientId)).toBe(1)
    // Subscribing again finds nothing new: the acknowledged message is not sent twice.
    await wallet.request('irn_unsubscribe', { topic: shared, id: push?.params?.id })
    await wallet.request('irn_subscribe', { topic: shared })
    await wallet.request('irn_fetchMessages', { topic: topic() })
    expect(wallet.pushes).toHaveLength(1)
  })

  test('what was published before anyone listened is flushed on subscribe, in order', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const mailbox = topic()
    await publish(dapp, mailbox, 'first')
    await dapp.request('irn_batchPublish', {
      messages: [{ topic: mailbox, message: 'second', ttl: 300, tag: 1 }],
    })
    // A retried publish of the same message is stored once.
    await publish(dapp, mailbox, 'first')
    expect((await wallet.request('irn_batchSubscribe', { topics: [mailbox, topic()] })).result).toHaveLength(
      2,
    )
    const pushes = await wallet.waitForPushes(2)
    expect(pushes.map((push) => push.params?.data.message)).toEqual(['first', 'second'])
    await wallet.request('irn_fetchMessages', { topic: topic() })
    expect(wallet.pushes).toHaveLength(2)
  })

  test('fetchMessages answers what waits and counts it as taken', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const mailbox = topic()
    await publish(dapp, mailbox, 'one')
    const fetched = await wallet.request('irn_batchFetchMessages', { topics: [mailbox] })
    expect(fetched.result).toMatchObject({ messages: [{ topic: mailbox, message: 'one' }], hasMore: false })
    expect((await wallet.request('irn_fetchMessages', { topic: mailbox })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })

  test('an expired message is not delivered, and pruning deletes it', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const mailbox = topic()
    await publish(dapp, mailbox, 'short-lived', 10)
    now += 10_001
    await wallet.request('irn_subscribe', { topic: mailbox })
    expect((await wallet.request('irn_fetchMessages', { topic: mailbox })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    expect(wallet.pushes).toEqual([])
    await expect.poll(() => stored(mailbox)).toBe(0)
  })

  test('the session methods: the proposal and the approval reach the other side on their topics', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const [pairing, session] = [topic(), topic()]
    await wallet.request('irn_subscribe', { topic: pairing })
    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic: pairing,
      sessionProposal: 'proposal',
      ttl: 300,
      correlationId: 1,
    })
    expect(proposed.result).toBe(true)
    expect((await wallet.waitForPushes(1))[0]?.params?.data).toMatchObject({
      topic: pairing,
      message: 'proposal',
      tag: 1100,
    })
    const approved = await wallet.request('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect(approved.result).toBe(true)
    // The dapp was subscribed to the pairing topic by its proposal; it subscribes to the session itself.
    expect((await dapp.waitForPushes(1))[0]?.params?.data).toMatchObject({
      topic: pairing,
      message: 'response',
      tag: 1101,
    })
    await dapp.request('irn_subscribe', { topic: session })
    expect((await dapp.waitForPushes(2))[1]?.params?.data).toMatchObject({
      topic: session,
      message: 'settle',
      tag: 1102,
    })
    // The wallet was subscribed to the session topic by its approval.
    await dapp.request('irn_publish', { topic: session, message: 'request', ttl: 300, tag: 1108 })
    expect((await wallet.waitForPushes(2))[1]?.params?.data).toMatchObject({
      topic: session,
      message: 'request',
    })
  })

  test('bad frames are JSON-RPC errors, the socket stays usable and nothing stored is lost', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const kept = topic()
    await publish(dapp, kept, 'kept')
    expect((await wallet.sendRaw('{not json')).error?.code).toBe(RpcErrorCode.PARSE_ERROR)
    expect((await wallet.sendRaw('[1,2]')).error?.code).toBe(RpcErrorCode.INVALID_REQUEST)
    expect(await wallet.sendRaw('{"id":7,"method":"irn_subscribe"}')).toMatchObject({
      id: 7,
      error: { code: RpcErrorCode.INVALID_REQUEST },
    })
    expect(await wallet.request('irn_teleport', {})).toMatchObject({
      error: { code: RpcErrorCode.METHOD_NOT_FOUND },
    })
    expect((await wallet.request('irn_subscribe', { topic: 'ABC' })).error?.code).toBe(
      RpcErrorCode.INVALID_PARAMS,
    )
    expect((await publish(wallet, kept, 'x', 5)).error?.code).toBe(RpcErrorCode.INVALID_PARAMS)
    expect((await publish(wallet, kept, 'nul \u0000')).error?.message).toMatch(/U\+0000/)
    expect((await publish(wallet, kept, 'x'.repeat(1025))).error).toEqual({
      code: RpcErrorCode.INVALID_PARAMS,
      message: 'Invalid params: a message is larger than 1024 bytes',
    })
    await wallet.request('irn_subscribe', { topic: kept })
    expect((await wallet.waitForPushes(1))[0]?.params?.data.message).toBe('kept')
  })

  test('a subscription past the socket limit is refused', async () => {
    const client = await connect()
    await client.request('irn_batchSubscribe', { topics: [topic(), topic(), topic()] })
    expect((await client.request('irn_subscribe', { topic: topic() })).error?.code).toBe(
      RpcErrorCode.LIMIT_EXCEEDED,
    )
  })

  test('a frame over the size limit closes the socket (1009)', async () => {
    const client = await connect()
    client.socket.send('x'.repeat(8 * 1024 + 1))
    expect((await client.closed).code).toBe(1009)
  })

  test('a flood is answered "Rate limit exceeded", then the socket is closed (1008)', async () => {
    const client = await connect()
    const frames: string[] = []
    client.socket.on('message', (data) => frames.push(data.toString()))
    for (let id = 0; id < 40; id++)
      client.socket.send(
        JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_fetchMessages', params: { topic: topic() } }),
      )
    expect(await client.closed).toEqual({ code: POLICY_VIOLATION, reason: 'Rate limit exceeded' })
    expect(frames.some((frame) => JSON.parse(frame).error?.code === RpcErrorCode.LIMIT_EXCEEDED)).toBe(true)
  })

  test.each([
    ['an unknown project', { projectId: '0'.repeat(32) }, RefusalText.INVALID_KEY],
    ['a malformed project id', { projectId: 'nope' }, RefusalText.INVALID_KEY],
    ['a foreign Origin', { origin: 'https://evil.example' }, RefusalText.ORIGIN_NOT_ALLOWED],
    ['a token that is not a JWT', { auth: { token: 'a.b.c' } }, RefusalText.INVALID_AUTH],
    [
      'a token for another relay',
      { auth: { aud: 'wss://relay.walletconnect.org' } },
      RefusalText.WRONG_AUDIENCE,
    ],
    [
      'an expired token',
      { auth: { iat: Math.floor(Date.now() / 1000) - 100, ttl: 50 } },
      RefusalText.EXPIRED_AUTH,
    ],
  ] as const)('%s is refused with close 3000', async (_name, options, reason) => {
    const projectId = 'projectId' in options ? options.projectId : project.id
    const client = await connectRaw(relay.url, projectId, options as never)
    expect(await client.closed).toEqual({ code: REFUSED, reason })
  })

  test('a tampered signature is refused; a browser on the allow-list and a wallet without Origin are let in', async () => {
    const good = await connect()
    const token = new URL(good.socket.url).searchParams.get('auth') as string
    const [header, payload] = token.split('.')
    const other = new URL((await connect()).socket.url).searchParams.get('auth')?.split('.')[2]
    const forged = await connectRaw(relay.url, project.id, {
      auth: { token: `${header}.${payload}.${other}` },
    })
    expect(await forged.closed).toEqual({ code: REFUSED, reason: RefusalText.INVALID_AUTH })
    const browser = await connect({ origin: RELAY_PAGE })
    expect((await browser.request('irn_subscribe', { topic: topic() })).result).toBeTypeOf('string')
  })

  test('a socket that stops answering pings is ended; one that answers stays', async () => {
    const pinging = await startRelayApp(testDb.database, { limits: { pingIntervalMs: 40 } })
    try {
      const [dead, live] = [
        await connectRaw(pinging.url, project.id, { answerPings: false }),
        await connectRaw(pinging.url, project.id),
      ]
      expect((await dead.closed).code).toBe(1006)
      await new Promise((resolve) => setTimeout(resolve, 120))
      expect((await live.request('irn_subscribe', { topic: topic() })).result).toBeTypeOf('string')
      await live.close()
    } finally {
      await pinging.close()
    }
  })

  test('a plain GET is told to upgrade, in the services’ error shape', async () => {
    const response = await relay.app.inject({ method: 'GET', url: '/v1/wc-relay' })
    expect(response.statusCode).toBe(426)
    expect(response.json()).toEqual({
      error: {
        code: 'UPGRADE_REQUIRED',
        message: 'Upgrade Required: the relay speaks JSON-RPC over a WebSocket',
      },
    })
  })

  const acks = async (clientId: string) =>
    (
      await testDb.database.db
        .selectFrom('wc_relay_acks')
        .selectAll()
        .where('client_id', '=', clientId)
        .execute()
    ).length
  const stored = async (on: string) =>
    (await testDb.database.db.selectFrom('wc_relay_messages').selectAll().where('topic', '=', on).execute())
      .length
})
