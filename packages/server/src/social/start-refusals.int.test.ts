import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { tokenHasher } from '../hash-secret.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { injectAsFrame, newDevice } from '../test-support/frame-call.ts'
import { prepareSocial } from './setup.ts'

const SERVICES = new URL('http://services.test')
const PAGE = 'https://shop.example'

describeEachBackend('social login refusals at the start', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let projectId: string
  const mailer = createMailer('smtp://127.0.0.1:9', 'test@portico.localhost')
  beforeAll(async () => {
    testDb = await backend.open()
    // Google only, at an address where nothing answers.
    const social = await prepareSocial(
      { google: { clientId: 'id', clientSecret: 'secret', endpoints: { issuer: 'http://127.0.0.1:9' } } },
      { mode: 'development', publicUrl: SERVICES },
    )
    app = await buildServer({
      database: testDb.database,
      social,
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
    projectId = (await createProject(testDb.database.db, { name: 'Shop', origins: [PAGE] })).id
  })
  afterAll(async () => {
    await app?.close()
    mailer.close()
    await testDb?.dispose()
  })
  const start = (body: object) =>
    injectAsFrame(
      app,
      { services: SERVICES, page: PAGE, projectId, device: newDevice() },
      '/social/start',
      body,
    )

  test('a provider the services do not offer, or no provider at all, is a 400 naming it', async () => {
    const github = await start({ provider: 'github' })
    expect(github.statusCode).toBe(400)
    expect(github.json().error.message).toBe('GitHub login is not offered by these services')
    const farcaster = await start({ provider: 'farcaster' })
    expect(farcaster.statusCode).toBe(400)
    expect(farcaster.json().error.message).toMatch(/^body\.provider: /)
  })

  test('a provider that cannot be reached is told to the frame, and no attempt is left behind', async () => {
    const google = await start({ provider: 'google' })
    expect(google.statusCode).toBe(503)
    expect(google.json().error.message).toBe('Google cannot be reached. Please try again later.')
    const attempts = await testDb.database.db.selectFrom('embedded_social_attempts').selectAll().execute()
    expect(attempts).toEqual([])
  })

  test('a call from outside the frame is refused by the frame guard', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/social/start',
      headers: { host: SERVICES.host, origin: PAGE },
      payload: { provider: 'google' },
    })
    expect(response.statusCode).toBe(403)
  })
})
