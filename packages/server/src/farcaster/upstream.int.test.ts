import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { signInAsFrame } from '../test-support/farcaster.ts'
import { ALICE, BOB, PAGE, signedBody } from '../test-support/farcaster-messages.ts'
import type { FarcasterOptions } from './config.ts'
import { DEV_FARCASTER_ACCOUNTS } from './dev-accounts.ts'
import { devRegistry } from './registry.ts'

/**
 * A stand-in for Farcaster's relay with its behaviour: 201 on create, 202 while pending, 200 once
 * with the app's message and then 401, as the public relay forgets a completed channel once read.
 */
function fakeRelay() {
  const channels = new Map<string, { nonce: string; completion?: object }>()
  const opened: Array<Record<string, unknown>> = []
  const app: FastifyInstance = Fastify()
  let next = 0
  app.post('/v1/channel', async (request, reply) => {
    const body = request.body as Record<string, unknown>
    opened.push(body)
    const channelToken = `FAKE${String(++next).padStart(4, '2')}`
    channels.set(channelToken, { nonce: String(body.nonce) })
    return reply.code(201).send({
      channelToken,
      url: `https://farcaster.xyz/~/siwf?channelToken=${channelToken}`,
      nonce: body.nonce,
    })
  })
  app.get('/v1/channel/status', async (request, reply) => {
    const token = request.headers.authorization?.split(' ')[1] ?? ''
    const channel = channels.get(token)
    if (!channel) return reply.code(401).send({ error: 'Unauthorized' })
    if (!channel.completion) return reply.code(202).send({ state: 'pending', nonce: channel.nonce })
    channels.delete(token)
    return reply.code(200).send({ state: 'completed', nonce: channel.nonce, ...channel.completion })
  })
  const complete = (token: string, completion: object) => {
    const channel = channels.get(token)
    if (!channel) throw new Error(`no channel ${token}`)
    channel.completion = completion
  }
  return { app, opened, complete }
}

describeEachBackend("channels opened on Farcaster's relay (production)", (backend) => {
  let testDb: TestDatabase
  let services: FastifyInstance
  let project: Project
  let farcaster: FarcasterOptions
  const relay = fakeRelay()

  beforeAll(async () => {
    await relay.app.listen({ host: '127.0.0.1', port: 0 })
    testDb = await backend.open()
    farcaster = {
      registry: devRegistry(DEV_FARCASTER_ACCOUNTS),
      connectUrlBase: 'https://farcaster.xyz/~/siwf',
      upstreamRelay: `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`,
    }
    services = await buildServer({ database: testDb.database, farcaster })
    project = await createProject(testDb.database.db, { name: 'Production page', origins: [PAGE] })
  })
  afterAll(async () => {
    await services?.close()
    await relay.app.close()
    await testDb?.dispose()
  })

  const create = async () => {
    const answer = await services.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: { siweUri: `${PAGE}/login`, domain: 'wallet.example' },
    })
    expect(answer.statusCode).toBe(201)
    return answer.json() as { channelToken: string; url: string; nonce: string }
  }
  const status = (token: string) =>
    services.inject({
      url: `/v1/channel/status?projectId=${project.id}`,
      headers: { origin: PAGE, authorization: `Bearer ${token}` },
    })

  test('the channel is opened there with our nonce, followed there, verified here and used once', async () => {
    const channel = await create()
    expect(relay.opened.at(-1)).toMatchObject({
      siweUri: `${PAGE}/login`,
      domain: 'wallet.example',
      nonce: channel.nonce,
    })
    expect(channel.url).toBe(`https://farcaster.xyz/~/siwf?channelToken=${channel.channelToken}`)
    expect((await status(channel.channelToken)).statusCode).toBe(202)

    relay.complete(channel.channelToken, {
      ...(await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce })),
      displayName: 'Alice',
      pfpUrl: 'https://images.example/alice.png',
    })
    const completed = await status(channel.channelToken)
    expect(completed.statusCode).toBe(200)
    expect(completed.json()).toMatchObject({
      state: 'completed',
      fid: ALICE.fid,
      username: 'alice',
      custody: ALICE.custody.address.toLowerCase(),
    })
    // The relay has forgotten it; the services still know.
    expect((await status(channel.channelToken)).statusCode).toBe(200)
    await expect(
      signInAsFrame(testDb.database.db, farcaster, channel.channelToken, project.id),
    ).resolves.toMatchObject({
      fid: ALICE.fid,
      displayName: 'Alice',
      pfpUrl: 'https://images.example/alice.png',
    })
  })

  test('a message for another fid coming from the relay is refused, and the channel is over', async () => {
    const channel = await create()
    relay.complete(
      channel.channelToken,
      await signedBody({ signer: ALICE.custody, fid: BOB.fid, nonce: channel.nonce }),
    )
    const refused = await status(channel.channelToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('SIGN_IN_REFUSED')
    const after = await status(channel.channelToken)
    expect(after.statusCode).toBe(410)
  })
})

test("Farcaster's relay out of reach is a 503 the dapp may retry", async () => {
  const database = await openDatabase({})
  const services = await buildServer({
    database,
    farcaster: {
      registry: devRegistry(DEV_FARCASTER_ACCOUNTS),
      connectUrlBase: 'https://farcaster.xyz/~/siwf',
      upstreamRelay: 'http://127.0.0.1:9',
    },
  })
  try {
    const project = await createProject(database.db, { name: 'Page', origins: [PAGE] })
    const answer = await services.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: { siweUri: `${PAGE}/login`, domain: 'wallet.example' },
    })
    expect(answer.statusCode).toBe(503)
    expect(answer.json().error.code).toBe('RELAY_UNAVAILABLE')
  } finally {
    await services.close()
    await database.close()
  }
})
