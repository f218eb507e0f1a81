import { createHash, randomBytes } from 'node:crypto'
import { ServerErrorText, tryAgainAfter } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { type Hex, stringToHex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestStore } from '../test-support/backends.ts'
import { deviceProof, newDevice } from '../test-support/device-key.ts'
import { setUpKeyAsFrame } from '../test-support/frame-keys.ts'
import { type DevMailbox, startDevMailbox } from './dev-mailbox.ts'
import { createKeyVault } from './keys.ts'
import { createMailer } from './mail.ts'
import { OtpText } from './otps.ts'
import type { EmbeddedServices } from './setup.ts'

const PAGE = 'https://shop.example'
const SERVICES = 'http://services.test'
const masterKey = randomBytes(32)
const recoveryKey = randomBytes(32)
const hashSecret = randomBytes(32)

describeEachBackend('embedded-wallet auth', (backend) => {
  let store: TestStore
  let databases: Database[]
  let apps: FastifyInstance[]
  let mailbox: DevMailbox
  let project: Project
  let services: EmbeddedServices

  beforeAll(async () => {
    mailbox = await startDevMailbox({ log: () => {} })
    services = {
      vault: createKeyVault({ masterKey, recoveryKey }),
      mailer: createMailer(mailbox.smtpUrl, 'test@portico.localhost'),
      // Nothing in these tests reaches the chain; reads would fail fast on this closed port.
      chain: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
      publicUrl: new URL(SERVICES),
      frameScript: 'console.log("frame")',
      devMailbox: mailbox,
      hashToken: tokenHasher(hashSecret, 'embedded'),
    }
    // Two server instances on one database: two pools on Postgres; PGlite allows one opener.
    if (backend.name === 'postgres') {
      store = await backend.createStore()
      databases = [await openDatabase(store.options), await openDatabase(store.options)]
    } else {
      const only = (await backend.open()).database
      databases = [only, only]
    }
    apps = await Promise.all(databases.map((database) => buildServer({ database, embedded: services })))
    project = await createProject((databases[0] as Database).db, { name: 'Shop', origins: [PAGE] })
  })
  afterAll(async () => {
    for (const app of apps ?? []) await app.close()
    for (const database of new Set(databases ?? [])) await database.close()
    await store?.dispose()
    services?.mailer.close()
    await mailbox?.close()
  })

  const app = (index = 0) => apps[index] as FastifyInstance
  const db = () => (databases[0] as Database).db
  const device = newDevice
  const call = (
    path: string,
    body: object,
    options: { device: string; token?: string; app?: number; parent?: string; ip?: string },
  ) =>
    app(options.app).inject({
      method: 'POST',
      url: `/v1/auth${path}`,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      headers: {
        host: 'services.test',
        origin: SERVICES,
        'x-portico-project': project.id,
        'x-portico-parent-origin': options.parent ?? PAGE,
        dpop: deviceProof(options.device, { url: `${SERVICES}/v1/auth${path}`, token: options.token }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: body,
    })
  const latestCode = async (email: string) => {
    await expect
      .poll(() => mailbox.messages().filter((mail) => mail.to.includes(email)).length)
      .toBeGreaterThan(0)
    const mail = mailbox
      .messages()
      .filter((m) => m.to.includes(email))
      .at(-1)
    return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? ''
  }
  const login = async (email: string, id = device()) => {
    expect((await call('/email/connect', { email }, { device: id })).json()).toEqual({ action: 'VERIFY_OTP' })
    const code = await latestCode(email)
    const verified = await call('/otp/verify', { email, otp: code }, { device: id })
    expect(verified.statusCode).toBe(200)
    return {
      device: id,
      code,
      ...(verified.json() as {
        token: string
        user: { address: Hex | null; email: string; accounts: unknown }
      }),
    }
  }
  /** What the frame does after a first login: makes the key and sets it up as shares. */
  const setUpKey = (session: { device: string; token: string }, email: string) =>
    setUpKeyAsFrame((path, body) => call(path, body, session), email)

  test('a new address gets a code by SMTP, which signs in once; the services answer its account and sign nothing', async () => {
    const email = `new-${backend.name}@example.com`
    const session = await login(email)
    expect(session.user).toMatchObject({
      email,
      chainId: 31337,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    // No key yet: the frame makes one before it answers the page.
    expect(session.user).toMatchObject({ address: null, accounts: [], recovery: null })

    const replay = await call('/otp/verify', { email, otp: session.code }, { device: session.device })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().error.message).toBe(OtpText.EXPIRED)

    const { address } = await setUpKey(session, email)
    const auth = { device: session.device, token: session.token }
    // The services hold no key: a valid session token alone gets no signature, on any route.
    const sign = { method: 'personal_sign', params: [stringToHex('hello'), address] }
    expect((await call('/rpc', sign, auth)).json()).toEqual({
      error: { code: 4100, message: 'This request must be signed in the secure frame' },
    })
    expect((await call('/rpc/approved', sign, auth)).statusCode).toBe(404)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    }
    const signTyped = { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] }
    expect((await call('/rpc', signTyped, auth)).json()).toEqual({
      error: { code: 4100, message: 'This request must be signed in the secure frame' },
    })

    // The wallet's accounts are the user's own, never the node's unlocked ones.
    for (const method of ['eth_accounts', 'eth_requestAccounts'])
      expect((await call('/rpc', { method }, auth)).json()).toEqual({ result: [address] })
    expect((await call('/rpc', { method: 'eth_coinbase' }, auth)).json()).toEqual({ result: address })

    const user = await call('/user', {}, { device: session.device, token: session.token })
    expect(user.json()).toMatchObject({ address, accounts: [{ address, type: 'eoa' }] })
    expect(
      (await call('/email/connect', { email }, { device: session.device, token: session.token })).json(),
    ).toEqual({ action: 'CONNECT' })
  })

  test('the database holds no plaintext key', async () => {
    const email = `dump-${backend.name}@example.com`
    const key = await setUpKey(await login(email), email)
    const privateKey = key.privateKey.slice(2)
    const dump: string[] = []
    for (const table of [
      'embedded_users',
      'embedded_key_shares',
      'embedded_devices',
      'embedded_sessions',
      'embedded_otps',
      'embedded_mail_log',
    ]) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db())
      dump.push(JSON.stringify(rows.rows))
    }
    const text = dump.join('\n').toLowerCase()
    expect(text).not.toContain(privateKey.toLowerCase())
    expect(text).not.toContain(Buffer.from(privateKey, 'hex').toString('base64').toLowerCase())
  })

  test('the fifth wrong code locks it: the right code fails afterwards', async () => {
    const email = `lock-${backend.name}@example.com`
    const id = device()
    await call('/email/connect', { email }, { device: id })
    const code = await latestCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 5; i++)
      answers.push((await call('/otp/verify', { email, otp: wrong }, { device: id })).json().error.message)
    expect(answers).toEqual([
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.LOCKED,
    ])
    const sixth = await call('/otp/verify', { email, otp: code }, { device: id })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error.message).toBe(OtpText.LOCKED)
  })

  test('the resend cooldown holds across two server instances', async () => {
    const email = `cooldown-${backend.name}@example.com`
    expect((await call('/email/connect', { email }, { device: device(), app: 0 })).statusCode).toBe(200)
    const again = await call('/email/connect', { email }, { device: device(), app: 1 })
    expect(again.statusCode).toBe(429)
    const message = again.json().error.message as string
    expect([tryAgainAfter(30), tryAgainAfter(29)]).toContain(message)
    expect(again.json().error.code).toBe('EMAIL_COOLDOWN')
  })

  test('two instances asked at the same moment send exactly one e-mail', async () => {
    const email = `race-${backend.name}@example.com`
    const answers = await Promise.all(
      [0, 1, 0, 1].map((index) => call('/email/connect', { email }, { device: device(), app: index })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429])
  })

  test('a known address and an unknown one get the same answer; the code, typed on the device that asked, logs it in', async () => {
    const email = `device-${backend.name}@example.com`
    const { address } = await setUpKey(await login(email), email)
    await db().deleteFrom('embedded_mail_cooldowns').where('email', '=', email).execute()
    const second = device()
    const known = await call('/email/connect', { email }, { device: second })
    const unknown = await call(
      '/email/connect',
      { email: `nobody-${backend.name}@example.com` },
      { device: device() },
    )
    expect(known.json()).toEqual({ action: 'VERIFY_OTP' })
    expect(unknown.json()).toEqual(known.json())
    // Only the mail tells them apart: the owner reads that a new device is logging in.
    const mail = mailbox
      .messages()
      .filter((m) => m.to.includes(email))
      .at(-1)
    expect(mail?.subject).toMatch(/^Your login code for a new device/)
    const code = await latestCode(email)
    // The code is the device's, not the address's: typed into another device (or a script's), it fails.
    const elsewhere = await call('/otp/verify', { email, otp: code }, { device: device() })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error.message).toBe(OtpText.EXPIRED)
    const verified = await call('/otp/verify', { email, otp: code }, { device: second })
    // The new device learns the wallet is recoverable by the operator: it has no device share yet.
    expect(verified.json()).toMatchObject({ user: { address, recovery: 'operator' } })
  })

  test('codes and session tokens are stored as keyed hashes: a copy of the database gives no code away', async () => {
    const email = `keyed-${backend.name}@example.com`
    const session = await login(email)
    const otp = await db()
      .selectFrom('embedded_otps')
      .select('code_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(otp.code_hash).not.toBe(sha256(session.code))
    expect(otp.code_hash).toBe(tokenHasher(hashSecret, 'embedded')(session.code))
    const stored = await db()
      .selectFrom('embedded_sessions')
      .innerJoin('embedded_users', 'embedded_users.id', 'embedded_sessions.user_id')
      .select('token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toBe(sha256(session.token))
    expect(stored.token_hash).toBe(tokenHasher(hashSecret, 'embedded')(session.token))
  })

  test('only the frame, on behalf of an allowed page, may call', async () => {
    const foreignParent = await call(
      '/email/connect',
      { email: 'a@example.com' },
      { device: device(), parent: 'https://evil.example' },
    )
    expect(foreignParent.statusCode).toBe(403)
    expect(foreignParent.json().error.message).toBe(ServerErrorText.ORIGIN_NOT_ALLOWED)
    const crossSite = await app().inject({
      method: 'POST',
      url: '/v1/auth/user',
      headers: {
        host: 'services.test',
        origin: PAGE,
        'x-portico-project': project.id,
        'x-portico-parent-origin': PAGE,
        dpop: deviceProof(device(), { url: `${SERVICES}/v1/auth/user` }),
      },
      payload: {},
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.headers['access-control-allow-origin']).toBeUndefined()
    expect((await call('/user', {}, { device: device(), token: 'forged' })).statusCode).toBe(401)
    expect((await call('/email/connect', { email: 'not-an-email' }, { device: device() })).statusCode).toBe(
      400,
    )
  })
})
