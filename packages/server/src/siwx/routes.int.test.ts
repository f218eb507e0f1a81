import { createHash, randomBytes } from 'node:crypto'
import { type AnvilHandle, DEV_ACCOUNTS, type TestSmartWallets } from '@portico/contracts'
import { buildSiweMessage, type SiweFields } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, type Hex, http, serializeErc6492Signature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { freshSalt, startSmartWalletChain } from '../test-support/smart-wallet-chain.ts'
import { SiwxErrorText } from './routes.ts'

const PAGE = 'http://127.0.0.1:3000'
const owner = privateKeyToAccount(DEV_ACCOUNTS[6].privateKey)
const hashSecret = randomBytes(32)
const stranger = privateKeyToAccount(DEV_ACCOUNTS[7].privateKey)
let chain: AnvilHandle
let wallets: TestSmartWallets

beforeAll(async () => {
  ;({ chain, wallets } = await startSmartWalletChain())
})
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend('sign-in with wallet', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({
      database: testDb.database,
      siwx: { chainId: 31337, rpcUrl: chain.rpcUrl, hashSecret },
    })
    project = await createProject(testDb.database.db, { name: 'Page', origins: [PAGE] })
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const url = (path: string) => `/v1/siwx/${path}?projectId=${project.id}`
  const newNonce = async (server = app) => {
    const response = await server.inject({ method: 'POST', url: url('nonce'), headers: { origin: PAGE } })
    expect(response.statusCode).toBe(201)
    return response.json().nonce as string
  }
  const message = (nonce: string, patch: Partial<SiweFields> = {}) =>
    buildSiweMessage({
      domain: '127.0.0.1:3000',
      address: owner.address,
      statement: 'Sign in to the Portico test page',
      uri: PAGE,
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: new Date().toISOString(),
      ...patch,
    })
  const signIn = (text: string, signature: Hex, server = app) =>
    server.inject({
      method: 'POST',
      url: url('sessions'),
      headers: { origin: PAGE },
      payload: { message: text, signature },
    })
  const withToken = (method: 'GET' | 'DELETE', path: string, token: string, server = app) =>
    server.inject({ method, url: url(path), headers: { origin: PAGE, authorization: `Bearer ${token}` } })

  test('an EOA signs in once; the session is listed, survives a second instance, and is revoked', async () => {
    const text = message(await newNonce())
    const created = await signIn(text, await owner.signMessage({ message: text }))
    expect(created.statusCode).toBe(201)
    const { token, session } = created.json()
    expect(session.data).toMatchObject({
      accountAddress: owner.address,
      chainId: 'eip155:31337',
      domain: '127.0.0.1:3000',
    })
    expect(session.message).toBe(text)

    // Another instance on the same database knows the session: nothing lives in process memory.
    const other = await buildServer({
      database: testDb.database,
      siwx: { chainId: 31337, rpcUrl: chain.rpcUrl, hashSecret },
    })
    try {
      const current = await withToken('GET', 'sessions/current', token, other)
      expect(current.statusCode).toBe(200)
      expect(current.json().session.id).toBe(session.id)
    } finally {
      await other.close()
    }
    const listed = await withToken('GET', 'sessions', token)
    expect(listed.json().sessions.map((s: { id: string }) => s.id)).toContain(session.id)

    expect((await withToken('DELETE', `sessions/${session.id}`, token)).statusCode).toBe(204)
    const after = await withToken('GET', 'sessions/current', token)
    expect(after.statusCode).toBe(401)
    expect(after.json().error.message).toBe(SiwxErrorText.SESSION_EXPIRED)
  })

  test('a replayed nonce is rejected', async () => {
    const text = message(await newNonce())
    const signature = await owner.signMessage({ message: text })
    expect((await signIn(text, signature)).statusCode).toBe(201)
    const replay = await signIn(text, signature)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error.message).toBe(SiwxErrorText.NONCE_REJECTED)
  })

  test('a nonce never issued, or issued to another project, or expired, is rejected', async () => {
    const made = message('abcdef0123456789')
    expect((await signIn(made, await owner.signMessage({ message: made }))).json().error.message).toBe(
      SiwxErrorText.NONCE_REJECTED,
    )
    const elsewhere = await createProject(testDb.database.db, { name: 'Other', origins: [PAGE] })
    const foreign = await app.inject({
      method: 'POST',
      url: `/v1/siwx/nonce?projectId=${elsewhere.id}`,
      headers: { origin: PAGE },
    })
    const text = message(foreign.json().nonce)
    expect((await signIn(text, await owner.signMessage({ message: text }))).json().error.message).toBe(
      SiwxErrorText.NONCE_REJECTED,
    )
    const hasty = await buildServer({
      database: testDb.database,
      siwx: { chainId: 31337, rpcUrl: chain.rpcUrl, hashSecret, nonceTtlMs: 1 },
    })
    try {
      const stale = message(await newNonce(hasty))
      await new Promise((resolve) => setTimeout(resolve, 10))
      const answer = await signIn(stale, await owner.signMessage({ message: stale }), hasty)
      expect(answer.json().error.message).toBe(SiwxErrorText.NONCE_REJECTED)
    } finally {
      await hasty.close()
    }
  })

  test('a message for another domain or chain is rejected', async () => {
    const foreign = message(await newNonce(), { domain: 'evil.example' })
    const answer = await signIn(foreign, await owner.signMessage({ message: foreign }))
    expect(answer.statusCode).toBe(401)
    expect(answer.json().error.message).toBe(SiwxErrorText.OTHER_DOMAIN)
    const otherChain = message(await newNonce(), { chainId: 1 })
    expect(
      (await signIn(otherChain, await owner.signMessage({ message: otherChain }))).json().error.message,
    ).toBe(SiwxErrorText.OTHER_CHAIN)
  })

  test('expired and not-yet-valid messages are rejected', async () => {
    const expired = message(await newNonce(), { expirationTime: new Date(Date.now() - 1000).toISOString() })
    const early = message(await newNonce(), { notBefore: new Date(Date.now() + 3_600_000).toISOString() })
    const a = await signIn(expired, await owner.signMessage({ message: expired }))
    const b = await signIn(early, await owner.signMessage({ message: early }))
    expect([a.statusCode, a.json().error.message]).toEqual([401, SiwxErrorText.EXPIRED])
    expect([b.statusCode, b.json().error.message]).toEqual([401, SiwxErrorText.NOT_YET_VALID])
  })

  test('a message whose URI is on another site is rejected, even with the right domain', async () => {
    const foreign = message(await newNonce(), { uri: 'https://evil.example/login' })
    const answer = await signIn(foreign, await owner.signMessage({ message: foreign }))
    expect([answer.statusCode, answer.json().error]).toEqual([
      401,
      { code: 'UNAUTHORIZED', message: SiwxErrorText.OTHER_URI },
    ])
    // Any page of the calling origin will do: the page server passes the browser's origin on.
    const deeper = message(await newNonce(), { uri: `${PAGE}/account?tab=activity` })
    expect((await signIn(deeper, await owner.signMessage({ message: deeper }))).statusCode).toBe(201)
  })

  test('Issued At must fall between the nonce and now, give or take a minute', async () => {
    const ancient = message(await newNonce(), { issuedAt: '2001-01-01T00:00:00Z' })
    const a = await signIn(ancient, await owner.signMessage({ message: ancient }))
    expect([a.statusCode, a.json().error.message]).toEqual([401, SiwxErrorText.ISSUED_BEFORE_NONCE])
    const ahead = message(await newNonce(), { issuedAt: new Date(Date.now() + 5 * 60_000).toISOString() })
    const b = await signIn(ahead, await owner.signMessage({ message: ahead }))
    expect([b.statusCode, b.json().error.message]).toEqual([401, SiwxErrorText.ISSUED_IN_FUTURE])
    // A signer whose clock runs a little behind ours still gets in.
    const behind = message(await newNonce(), { issuedAt: new Date(Date.now() - 30_000).toISOString() })
    expect((await signIn(behind, await owner.signMessage({ message: behind }))).statusCode).toBe(201)
  })

  test('only a keyed hash of the bearer token is stored; another secret knows no session', async () => {
    const text = message(await newNonce())
    const { token, session } = (await signIn(text, await owner.signMessage({ message: text }))).json()
    const row = await testDb.database.db
      .selectFrom('siwx_sessions')
      .select('token_hash')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).not.toBe(createHash('sha256').update(token).digest('hex'))
    expect(row.token_hash).toBe(tokenHasher(hashSecret, 'siwx')(token))
    const rekeyed = await buildServer({
      database: testDb.database,
      siwx: { chainId: 31337, rpcUrl: chain.rpcUrl, hashSecret: randomBytes(32) },
    })
    try {
      expect((await withToken('GET', 'sessions/current', token, rekeyed)).statusCode).toBe(401)
    } finally {
      await rekeyed.close()
    }
  })

  test("another key's signature and malformed input are refused without a 500", async () => {
    const text = message(await newNonce())
    const forged = await signIn(text, await stranger.signMessage({ message: text }))
    expect([forged.statusCode, forged.json().error.message]).toEqual([401, SiwxErrorText.BAD_SIGNATURE])
    expect((await signIn('hello', '0x00')).statusCode).toBe(400)
    expect((await signIn(message(await newNonce()), 'nope' as Hex)).statusCode).toBe(400)
    expect((await withToken('GET', 'sessions/current', 'x'.repeat(43))).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'GET', url: url('sessions'), headers: { origin: PAGE } })).statusCode,
    ).toBe(400)
  })

  test('a deployed smart account (ERC-1271) signs in', async () => {
    const address = await wallets.deployWallet(owner.address, freshSalt())
    expect(await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address })).toMatch(/^0x.+/)
    const text = message(await newNonce(), { address })
    const answer = await signIn(text, await owner.signMessage({ message: text }))
    expect(answer.statusCode).toBe(201)
    expect(answer.json().session.data.accountAddress).toBe(address)
    // The same wallet does not accept a stranger's key.
    const again = message(await newNonce(), { address })
    expect((await signIn(again, await stranger.signMessage({ message: again }))).statusCode).toBe(401)
  })

  test('a counterfactual smart account (ERC-6492) signs in before it is deployed', async () => {
    const salt = freshSalt()
    const address = await wallets.walletAddress(owner.address, salt)
    expect(await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address })).toBeUndefined()
    const text = message(await newNonce(), { address })
    const signature = serializeErc6492Signature({
      address: wallets.factory,
      data: wallets.deployCalldata(owner.address, salt),
      signature: await owner.signMessage({ message: text }),
    })
    const answer = await signIn(text, signature)
    expect(answer.statusCode).toBe(201)
    expect(answer.json().session.data.accountAddress).toBe(address)
  })
})
