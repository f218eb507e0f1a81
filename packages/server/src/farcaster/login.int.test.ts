import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { SERVICES } from '../test-support/farcaster.ts'
import { ALICE, BOB, PAGE, signedBody } from '../test-support/farcaster-messages.ts'
import { injectAsFrame, newDevice } from '../test-support/frame-call.ts'
import { prepareFarcaster } from './config.ts'

describeEachBackend('Sign In With Farcaster into the embedded wallet', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project
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
  })
  afterAll(async () => {
    await app?.close()
    mailer?.close()
    await testDb?.dispose()
  })

  /** A channel the page opened; signed by `signer` for `fid` unless `signed` is false. */
  async function channel(account: typeof ALICE, signed = true): Promise<string> {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: { siweUri: `${PAGE}/login`, domain: 'wallet.example' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { channelToken, nonce } = created.json() as { channelToken: string; nonce: string }
    if (signed) {
      const body = await signedBody({ signer: account.custody, fid: account.fid, nonce })
      const authenticated = await app.inject({
        method: 'POST',
        url: '/v1/channel/authenticate',
        headers: { authorization: `Bearer ${channelToken}` },
        payload: { ...body, username: account.username },
      })
      expect(authenticated.statusCode, authenticated.body).toBe(201)
    }
    return channelToken
  }
  const signIn = (channelToken: string, device = newDevice(), projectId = project.id) =>
    injectAsFrame(app, { services: SERVICES, page: PAGE, projectId, device }, '/farcaster/sign-in', {
      channelToken,
    })

  test('a signed channel becomes a session of the fid, once; the same fid again is the same user', async () => {
    const token = await channel(ALICE)
    const first = await signIn(token)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      token: expect.any(String),
      user: { email: null, address: null, social: { provider: 'farcaster', username: '@alice' } },
    })
    const again = await signIn(token)
    expect(again.statusCode).toBe(410)
    expect(again.json().error.message).toBe('This Farcaster sign-in was already used')

    expect((await signIn(await channel(ALICE))).statusCode).toBe(200)
    expect((await signIn(await channel(BOB))).json().user.social).toEqual({
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

  test('a channel not signed yet, an unknown token and a bad body are refused', async () => {
    const pending = await signIn(await channel(ALICE, false))
    expect(pending.statusCode).toBe(409)
    expect((await signIn('not-a-channel')).statusCode).toBe(401)
    const bad = await injectAsFrame(
      app,
      { services: SERVICES, page: PAGE, projectId: project.id, device: newDevice() },
      '/farcaster/sign-in',
      { channelToken: '' },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('channelToken')
  })
})
