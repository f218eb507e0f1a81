import { randomBytes } from 'node:crypto'
import { DEV_ACCOUNTS } from '@portico/contracts'
import { porticoAccountAbi, toPorticoSmartAccount } from '@portico/core/shared'
import {
  type Address,
  createPublicClient,
  custom,
  encodeFunctionData,
  http,
  parseEther,
  parseGwei,
  toHex,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { issueOtp } from '../embedded/otps.ts'
import { tokenHasher } from '../hash-secret.ts'
import { type Backend, describeEachBackend } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  bundlerConfigOf,
  PAGE,
  rawCall,
  startAccountAbstractionChain,
  startBundlerApp,
} from '../test-support/bundler.ts'
import { injectAsFrame, newDevice } from '../test-support/frame-call.ts'
import type { SponsorshipSettings } from './config.ts'
import { BundlerErrorCode } from './errors.ts'
import { SponsorText } from './sponsorship.ts'

const SERVICES = new URL('http://services.test')
const receiver = DEV_ACCOUNTS[6].address
const SENDER_LIMIT = 3
const MAX_WEI_PER_OPERATION = parseEther('0.01')

let aa: AccountAbstractionChain
beforeAll(async () => {
  aa = await startAccountAbstractionChain()
})
afterAll(async () => {
  await aa?.stop()
})

/** The services with the bundler and the embedded wallet, and signed-in users whose key is set up. */
async function startServices(
  backend: Backend,
  sponsorship: Partial<SponsorshipSettings>,
  weiPerDay = parseEther('0.05'),
) {
  const { database, dispose } = await backend.open()
  const hashToken = tokenHasher(randomBytes(32), 'embedded')
  const services = await startBundlerApp(
    database,
    bundlerConfigOf(aa, { operationsPerSenderPerDay: SENDER_LIMIT, weiPerDay }, sponsorship),
    {
      embedded: {
        vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
        mailer: createMailer('smtp://127.0.0.1:9', 'test@portico.localhost'),
        chain: { rpcUrl: aa.chain.rpcUrl, chainId: anvil.id },
        publicUrl: SERVICES,
        frameScript: 'console.log("frame")',
        devMailbox: undefined,
        hashToken,
      },
    },
  )
  const frameCall = (body: object, session: { device: string; token: string }) =>
    injectAsFrame(
      services.app,
      { services: SERVICES, page: PAGE, projectId: services.projectId, ...session },
      '/bundler',
      body,
    )

  /** A user signed in on a new device, whose key (the owner of their smart account) is set up. */
  async function user() {
    const email = `${randomBytes(6).toString('hex')}@example.com`
    const device = newDevice()
    const otp = await issueOtp(database.db, hashToken, { email, purpose: 'login', deviceId: device })
    const verified = await injectAsFrame(
      services.app,
      { services: SERVICES, page: PAGE, projectId: services.projectId, device },
      '/otp/verify',
      { email, otp },
    )
    const session = { device, token: verified.json().token as string }
    const key = privateKeyToAccount(generatePrivateKey())
    await database.db
      .updateTable('embedded_users')
      .set({ address: key.address })
      .where('email', '=', email)
      .execute()
    const account = await toPorticoSmartAccount(key, {
      client: chainClient(),
      factory: aa.contracts.factory,
      salt: 0n,
    })
    const call = async (method: string, params: unknown[] = []) =>
      (await frameCall({ method, params }, session)).json() as {
        result?: unknown
        error?: { code: number; message: string }
      }
    return { session, key, account, call }
  }
  return {
    services,
    user,
    /** What the project's day counts for `sender`'s operations. */
    reservations: (sender: Address) =>
      database.db
        .selectFrom('bundler_sponsorship_reservations')
        .select(['paid', 'wei'])
        .where('sender', '=', sender.toLowerCase())
        .execute(),
    async close() {
      await services.close()
      await dispose()
    },
  }
}

const chainClient = () =>
  createPublicClient({ chain: anvil, transport: http(aa.chain.rpcUrl), pollingInterval: 20 })

/** pm_* params for an operation of `sender` calling `receiver`, as viem's paymaster client sends them. */
const paymasterParams = (sender: Address, overrides: { nonce?: bigint; maxFeePerGas?: bigint } = {}) => [
  formatUserOperationRequest({
    sender,
    nonce: overrides.nonce ?? 0n,
    callData: encodeFunctionData({
      abi: porticoAccountAbi,
      functionName: 'execute',
      args: [receiver, 0n, '0x'],
    }),
    callGasLimit: 100_000n,
    verificationGasLimit: 300_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: overrides.maxFeePerGas ?? parseGwei('2'),
    maxPriorityFeePerGas: parseGwei('1'),
    signature: '0x',
  }),
  aa.contracts.entryPoint,
  toHex(anvil.id),
  {},
]

/** Sends a sponsored operation the way the secure frame does: everything through `/v1/auth/bundler`. */
async function sendSponsored(user: {
  account: Awaited<ReturnType<typeof toPorticoSmartAccount>>
  call: (m: string, p: unknown[]) => Promise<{ result?: unknown; error?: { message: string } }>
}) {
  const transport = custom({
    async request({ method, params }) {
      const answer = await user.call(method, (params as unknown[]) ?? [])
      if (answer.error) throw new Error(answer.error.message)
      return answer.result
    },
  })
  const client = createBundlerClient({
    account: user.account,
    client: chainClient(),
    transport,
    paymaster: createPaymasterClient({ transport }),
    pollingInterval: 20,
  })
  const hash = await client.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
  return client.waitForUserOperationReceipt({ hash, timeout: 20_000 })
}

describeEachBackend("gas sponsorship for the project's own users", (backend) => {
  let app: Awaited<ReturnType<typeof startServices>>
  beforeAll(async () => {
    app = await startServices(backend, { maxWeiPerOperation: MAX_WEI_PER_OPERATION, requestsPerMinute: 30 })
  })
  afterAll(async () => {
    await app?.close()
  })

  test("a stranger's sender is refused, through the session and on the public route", async () => {
    const me = await app.user()
    const stranger = await app.user()
    const theirs = await me.call('pm_getPaymasterData', paymasterParams(stranger.account.address))
    expect(theirs.error).toMatchObject({
      code: BundlerErrorCode.REJECTED_BY_PAYMASTER,
      message: expect.stringContaining('only your own smart account'),
    })
    const mine = await me.call('pm_getPaymasterStubData', paymasterParams(me.account.address))
    expect(mine.result).toMatchObject({ paymaster: aa.contracts.paymaster })

    // Without a sponsorship policy, the public route sponsors nobody; its bundler methods still answer.
    const anonymous = await rawCall(
      app.services.url,
      'pm_getPaymasterData',
      paymasterParams(me.account.address),
    )
    expect(anonymous.error).toMatchObject({
      code: BundlerErrorCode.REJECTED_BY_PAYMASTER,
      message: expect.stringContaining("only for the project's signed-in wallet users"),
    })
    expect((await rawCall(app.services.url, 'eth_supportedEntryPoints', [])).result).toEqual([
      aa.contracts.entryPoint,
    ])
  })

  test('60 paymaster signatures with nothing sent leave a real user sponsored; the cost actually paid replaces the reservation', async () => {
    const attacker = await app.user()
    const answers = []
    for (let nonce = 0n; nonce < 60n; nonce++)
      answers.push(
        await attacker.call(
          'pm_getPaymasterData',
          // Each at nearly the per-operation maximum, each with a nonce of its own.
          paymasterParams(attacker.account.address, { nonce: nonce << 64n, maxFeePerGas: parseGwei('19') }),
        ),
      )
    const codes = answers.map((answer) => answer.error?.code ?? 'signed')
    expect(codes.filter((code) => code === 'signed')).toHaveLength(SENDER_LIMIT)
    expect(answers[SENDER_LIMIT]?.error?.message).toBe(SponsorText.SENDER_LIMIT(SENDER_LIMIT))
    // Past 30 a minute the session is told to wait.
    expect(answers[59]?.error).toMatchObject({
      code: BundlerErrorCode.LIMIT_EXCEEDED,
      message: expect.stringContaining('wait a minute'),
    })
    const real = await app.user()
    const receipt = await sendSponsored(real)
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(aa.contracts.paymaster)

    // Once mined, the operation counts at what the paymaster paid, not at its maximum.
    await vi.waitFor(
      async () =>
        expect(await app.reservations(real.account.address)).toEqual([
          { paid: true, wei: receipt.actualGasCost.toString() },
        ]),
      { timeout: 5_000, interval: 50 },
    )
  })

  test('an operation above the per-operation maximum is refused with what to do', async () => {
    const me = await app.user()
    const answer = await me.call(
      'pm_getPaymasterData',
      paymasterParams(me.account.address, { maxFeePerGas: parseGwei('100') }),
    )
    expect(answer.error).toMatchObject({
      code: BundlerErrorCode.REJECTED_BY_PAYMASTER,
      message: expect.stringContaining(`more than the ${MAX_WEI_PER_OPERATION} wei sponsored per operation`),
    })
  })
})

describeEachBackend('gas sponsorship reserved for signatures that expire unused', (backend) => {
  let app: Awaited<ReturnType<typeof startServices>>
  beforeAll(async () => {
    // Signatures valid for three seconds, and a day's budget of about one operation at its maximum.
    app = await startServices(backend, { validSeconds: 3 }, parseEther('0.0015'))
  })
  afterAll(async () => {
    await app?.close()
  })

  test('a signature never sent stops counting once it expires', async () => {
    // Both sessions exist before the first signature, so its validity is not spent logging in.
    const hoarder = await app.user()
    const other = await app.user()
    const signed = await hoarder.call('pm_getPaymasterData', paymasterParams(hoarder.account.address))
    expect(signed.result).toMatchObject({ paymaster: aa.contracts.paymaster })
    const refused = await other.call('pm_getPaymasterData', paymasterParams(other.account.address))
    expect(refused.error?.message).toBe(SponsorText.PROJECT_LIMIT)
    // Signing the same operation again replaces its reservation rather than adding one.
    const again = await hoarder.call('pm_getPaymasterData', paymasterParams(hoarder.account.address))
    expect(again.result).toMatchObject({ paymaster: aa.contracts.paymaster })

    await vi.waitFor(
      async () => {
        const answer = await other.call('pm_getPaymasterData', paymasterParams(other.account.address))
        expect(answer.result).toMatchObject({ paymaster: aa.contracts.paymaster })
      },
      { timeout: 10_000, interval: 200 },
    )
  })
})
