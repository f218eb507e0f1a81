import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { SERVICES, signChannel } from '../test-support/farcaster.ts'
import { ALICE, BOB, PAGE } from '../test-support/farcaster-messages.ts'
import { injectAsFrame, newDevice } from '../test-support/frame-call.ts'
import { prepareFarcaster } from './config.ts'

const NOT_THIS_FRAME =
  'This Farcaster sign-in was not started by the wallet on this device: only a sign-in the wallet opened itself logs into it'

describeEachBackend('Sign In With Farcaster into the embedded wallet', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project
  let otherProject: Project
  let mailer: ReturnType<typeof createMailer>

  beforeAll(async () => {
    testDb = await backend.open()
    mailer = createMailer('smtp://127.0.0.1:9', 'test@portico.localhost')
    app = await buildServer({
      database: testDb.database,
      farcaster: prepareFarcaster({ development: true }, { mode: 'development', publicUrl: SERVICES }),
      embedded: {
        vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
        mailer,
        chain: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
        publicUrl: SERVICES,
        frameScript: undefined,
        devMailbox: undefined,
        hashToken: tokenHasher(randomBytes(32), 'embedded'),
      },
    })
    project = await createProject(testDb.database.db, { name: 'Farcaster login', origins: [PAGE] })
    otherProject = await createProject(testDb.database.db, { name: 'Another dapp', origins: [PAGE] })
  })
  afterAll(async () => {
    await app?.close()
    mailer?.close()
    await testDb?.dispose()
  })

  const asFrame = (path: string, body: object, device: string, projectId = project.id) =>
    injectAsFrame(app, { services: SERVICES, page: PAGE, projectId, device }, path, body)

  /** A channel the secure frame of `device` opened; signed by `account` unless it is undefined. */
  async function frameChannel(account: typeof ALICE | undefined, device: string, projectId = project.id) {
    const opened = await asFrame('/farcaster/channel', {}, device, projectId)
    expect(opened.statusCode, opened.body).toBe(201)
    const { channelToken, url } = opened.json() as { channelToken: string; url: string }
    expect(new URL(url).searchParams.get('channelToken')).toBe(channelToken)
    if (account) {
      const signed = await signChannel(app, testDb.database.db, channelToken, account)
      expect(signed.statusCode, signed.body).toBe(201)
    }
    return channelToken
  }
  const signIn = (channelToken: string, device: string, projectId = project.id) =>
    asFrame('/farcaster/sign-in', { channelToken }, device, projectId)

  test('the frame’s own signed channel becomes a session of the fid, once; the same fid again is the same user', async () => {
    const device = newDevice()
    const token = await frameChannel(ALICE, device)
    const first = await signIn(token, device)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      token: expect.any(String),
      user: { email: null, address: null, social: { provider: 'farcaster', username: '@alice' } },
    })
    const again = await signIn(token, device)
    expect(again.statusCode).toBe(410)
    expect(again.json().error.message).toBe('This Farcaster sign-in was already used')

    const next = newDevice()
    expect((await signIn(await frameChannel(ALICE, next), next)).statusCode).toBe(200)
    expect((await signIn(await frameChannel(BOB, next), next)).json().user.social).toEqual({
      provider: 'farcaster',
      username: '@bob',
    })
    const identities = await testDb.database.db
      .selectFrom('embedded_social_identities')
      .select(['subject', 'user_id'])
      .where('provider', '=', 'farcaster')
      .orderBy('subject')
      .execute()
    expect(identities.map((row) => row.subject)).toEqual([String(ALICE.fid), String(BOB.fid)])
    expect(new Set(identities.map((row) => row.user_id)).size).toBe(2)
  })

  test('a channel another device’s frame opened is refused, and stays usable by its own frame', async () => {
    const owner = newDevice()
    const token = await frameChannel(ALICE, owner)
    const stranger = await signIn(token, newDevice())
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().error.message).toBe(NOT_THIS_FRAME)
    expect((await signIn(token, owner)).statusCode).toBe(200)
  })

  test('a channel of another project is refused, even on the same device', async () => {
    const device = newDevice()
    const token = await frameChannel(ALICE, device, otherProject.id)
    const elsewhere = await signIn(token, device)
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.json().error.message).toBe(NOT_THIS_FRAME)
  })

  test('a channel the page opened on the public relay never logs into the wallet', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: { siweUri: `${PAGE}/login`, domain: 'wallet.example' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { channelToken } = created.json() as { channelToken: string }
    expect((await signChannel(app, testDb.database.db, channelToken, ALICE)).statusCode).toBe(201)
    const refused = await signIn(channelToken, newDevice())
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(NOT_THIS_FRAME)
    // Still the dapp's own Sign In With Farcaster: the page reads its completed channel.
    const status = await app.inject({
      url: `/v1/channel/status?projectId=${project.id}`,
      headers: { origin: PAGE, authorization: `Bearer ${channelToken}` },
    })
    expect(status.statusCode).toBe(200)
    expect(status.json()).toMatchObject({ state: 'completed', fid: ALICE.fid })
  })

  test('the frame’s channel is signed for the page it sits in and is not the page’s to read', async () => {
    const device = newDevice()
    const token = await frameChannel(undefined, device)
    // A message signed for another domain than the page's is refused by the relay.
    const elsewhere = await signChannel(app, testDb.database.db, token, ALICE, 'evil.example')
    expect(elsewhere.statusCode).toBe(403)
    const status = await app.inject({
      url: `/v1/channel/status?projectId=${project.id}`,
      headers: { origin: PAGE, authorization: `Bearer ${token}` },
    })
    expect(status.statusCode).toBe(401)
    expect(status.json().error.message).toBe('Unknown channel token')
  })

  test('a channel not signed yet, an unknown token and a bad body are refused', async () => {
    const device = newDevice()
    const pending = await signIn(await frameChannel(undefined, device), device)
    expect(pending.statusCode).toBe(409)
    expect(pending.json().error.message).toBe('The Farcaster sign-in is not completed yet')
    expect((await signIn('not-a-channel', device)).statusCode).toBe(401)
    const bad = await signIn('', device)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('channelToken')
  })

  test('a frame opening many channels from one address is told to wait', async () => {
    const answers: number[] = []
    let last = await asFrame('/farcaster/channel', {}, newDevice())
    // Earlier tests opened some from the same inject address: open until the limit answers.
    for (let i = 0; i < 40 && last.statusCode === 201; i++) {
      answers.push(last.statusCode)
      last = await asFrame('/farcaster/channel', {}, newDevice())
    }
    expect(answers.length).toBeGreaterThan(0)
    expect(last.statusCode).toBe(429)
    expect(last.headers['retry-after']).toBe('60')
    expect(last.json().error.message).toContain('try again in a minute')
  })
})
