import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { tokenHasher } from '../hash-secret.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  type BundlerApp,
  bundlerConfigOf,
  PAGE,
  startAccountAbstractionChain,
  startBundlerApp,
} from '../test-support/bundler.ts'
import { injectAsFrame, newDevice } from '../test-support/frame-call.ts'
import { createKeyVault } from './keys.ts'
import { createMailer } from './mail.ts'
import { issueOtp } from './otps.ts'

const SERVICES = new URL('http://services.test')
let aa: AccountAbstractionChain

beforeAll(async () => {
  aa = await startAccountAbstractionChain()
})
afterAll(async () => {
  await aa?.stop()
})

describeEachBackend('smart accounts for the secure frame', (backend) => {
  let testDb: TestDatabase
  let services: BundlerApp
  const hashToken = tokenHasher(randomBytes(32), 'embedded')

  beforeAll(async () => {
    testDb = await backend.open()
    services = await startBundlerApp(
      testDb.database,
      bundlerConfigOf(aa, { operationsPerSenderPerDay: 5, weiPerDay: 10n ** 18n }),
      {
        embedded: {
          vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
          mailer: createMailer('smtp://127.0.0.1:9', 'test@portico.localhost'),
          chain: { rpcUrl: aa.chain.rpcUrl, chainId: 31337 },
          publicUrl: SERVICES,
          frameScript: 'console.log("frame")',
          devMailbox: undefined,
          hashToken,
        },
      },
    )
  })
  afterAll(async () => {
    await services?.close()
    await testDb?.dispose()
  })

  const frameCall = (path: string, body: object, device: string, token?: string) =>
    injectAsFrame(
      services.app,
      { services: SERVICES, page: PAGE, projectId: services.projectId, device, token },
      path,
      body,
    )
  const login = async (email: string) => {
    const device = newDevice()
    const otp = await issueOtp(testDb.database.db, hashToken, { email, purpose: 'login', deviceId: device })
    const verified = await frameCall('/otp/verify', { email, otp }, device)
    return { device, token: verified.json().token as string }
  }

  test("the frame page tells the frame the chain's EntryPoint, factory and that gas can be sponsored", async () => {
    const page = await services.app.inject({ url: `/frame?projectId=${services.projectId}` })
    const json = /<script type="application\/json" id="frame-config">(.*?)<\/script>/.exec(page.body)?.[1]
    expect(JSON.parse(json ?? 'null').smartAccounts).toEqual({
      entryPoint: aa.contracts.entryPoint,
      factory: aa.contracts.factory,
      sponsored: true,
    })
  })

  test('a signed-in frame reaches the bundler and the paymaster; without a session it is refused', async () => {
    const { device, token } = await login(`aa-${backend.name}@example.com`)
    const entryPoints = await frameCall('/bundler', { method: 'eth_supportedEntryPoints' }, device, token)
    expect(entryPoints.json()).toEqual({ result: [aa.contracts.entryPoint] })
    const unknown = await frameCall(
      '/bundler',
      { method: 'eth_getUserOperationReceipt', params: ['0x12'] },
      device,
      token,
    )
    expect(unknown.json()).toEqual({
      error: { code: -32602, message: 'userOpHash must be 0x and 64 hex digits' },
    })
    const anonymous = await frameCall('/bundler', { method: 'eth_supportedEntryPoints' }, newDevice())
    expect(anonymous.statusCode).toBe(401)
    const malformed = await frameCall('/bundler', { params: [] }, device, token)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.body).toContain('method')
  })
})
