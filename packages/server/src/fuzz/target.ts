import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEMO_POOL_TOKENS,
  DEV_ACCOUNTS,
  ensureSmartAccounts,
  readEntryPointArtifact,
} from '@portico/contracts'
import { buildSiweMessage, type SiweFields } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { startBundler } from '../bundler/service.ts'
import { ChainOptions } from '../chain-data/config.ts'
import { NATIVE_TOKEN } from '../convert/market.ts'
import type { DashboardServices } from '../dashboard/setup.ts'
import { type Database, openDatabase } from '../db/database.ts'
import type { Tables } from '../db/tables.ts'
import { approveDevice, createSession, findOrCreateUser } from '../embedded/accounts.ts'
import { startDevMailbox } from '../embedded/dev-mailbox.ts'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { prepareFarcaster } from '../farcaster/config.ts'
import { type TokenHasher, tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { startRpcProxy } from '../rpc-proxy/service.ts'
import { buildServer } from '../server.ts'
import { startDevIdentityProvider } from '../social/dev-provider/server.ts'
import { CALLBACK_PATH, prepareSocial } from '../social/setup.ts'
import { startTestChain } from '../test-support/chain.ts'
import { settleChain } from '../test-support/chain-data.ts'
import { testDashboard } from '../test-support/dashboard.ts'
import { newDevice } from '../test-support/device-key.ts'
import { injectAsFrame } from '../test-support/frame-call.ts'
import { setUpKeyAsFrame } from '../test-support/frame-keys.ts'
import { deployTestSwaps } from '../test-support/swaps.ts'
import { type PageServer, startPageServer } from './page-server.ts'

export const PAGE = 'https://wallet.example'
export const SERVICES = new URL('http://services.test')
/** The one chunk of the stand-in secure frame, served at /frame/chunks/. */
export const FRAME_CHUNK = 'operations-AbCd_-12.js'
/** The relay's public URL, the audience its clients sign; they connect to the listening port. */
export const RELAY_AUDIENCE = 'ws://services.test/v1/wc-relay'

/** Everything the route list needs to shape requests a route accepts, and to break them. */
export interface FuzzTarget {
  app: FastifyInstance
  /** The same app listening, for what inject cannot carry: raw bytes in the URL, streamed bodies. */
  port: number
  /** The demo page server, calling these services for its sign-in endpoint. */
  pageServer: PageServer
  /** A SIWX session of the page server's project, as its cookie would hold it. */
  pageSessionToken: string
  db: Kysely<Tables>
  /** Seals server shares, and the whole keys of legacy users made for the key routes. */
  masterKey: Buffer
  /** How the embedded wallet keys its stored codes, links and sessions. */
  hashToken: TokenHasher
  /** The operator dashboard as served (its password and how its sessions are hashed). */
  dashboard: DashboardServices
  /** Allows PAGE; `elsewhere` exists but does not; `quiet` allows PAGE with analytics off. */
  project: Project
  elsewhere: Project
  quiet: Project
  adminToken: string
  chainId: number
  /** Demo tokens and the dev accounts that have history and NFTs, lower-case. */
  tokens: string[]
  accounts: string[]
  /** The tokens the swaps offer on the chain, native first, as CAIP-10 addresses. */
  swapTokens: string[]
  /** The bundler's EntryPoint and the account factory on the chain. */
  entryPoint: string
  accountFactory: string
  /** `next` cursors the routes handed out, to pass back and to tamper with. */
  cursors: { history: string[]; nfts: string[] }
  signer: PrivateKeyAccount
  stranger: PrivateKeyAccount
  siwxToken: string
  wallet: { userId: string; email: string; address: string; device: string; token: string }
  /** The server's error log lines, so a failure can show what went wrong inside. */
  serverErrors: string[]
  close(): Promise<void>
}

/** A sign-in message for the fuzzed page (or `page`), as the SDK builds it. */
export function siweMessage(
  nonce: string,
  address: `0x${string}`,
  { page = PAGE, ...patch }: Partial<SiweFields> & { page?: string } = {},
): string {
  return buildSiweMessage({
    domain: new URL(page).host,
    address,
    statement: 'Sign in to the fuzzed page',
    uri: page,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date().toISOString(),
    ...patch,
  })
}

/**
 * The services with every optional part on (chain data on an indexed demo chain, swaps through its
 * demo pools, the RPC proxy, SIWX, the embedded wallet with social login, admin, the WalletConnect relay, the on-ramp
 * with its sandbox), listening, and the demo page server in front of them.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const chain = await startTestChain()
  const closers: Array<() => Promise<void> | void> = [() => chain.stop()]
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }
  try {
    const database: Database = await openDatabase({})
    closers.push(() => database.close())
    // Before the dev accounts' backfill, so the pools' deployment is in their history too.
    const swaps = await deployTestSwaps(chain)
    await settleChain(database, chain)

    const mailbox = await startDevMailbox({ log: () => {} })
    closers.push(() => mailbox.close())
    const mailer = createMailer(mailbox.smtpUrl, 'fuzz@portico.localhost')
    closers.push(() => mailer.close())
    const masterKey = randomBytes(32)
    const vault = createKeyVault({ masterKey, recoveryKey: randomBytes(32) })
    const hashSecret = randomBytes(32)
    const hashToken = tokenHasher(hashSecret, 'embedded')
    const config = ChainOptions.parse({
      rpcUrl: chain.rpcUrl,
      chainId: chain.deployment.chainId,
      startBlock: chain.deployment.firstBlock,
    })
    const rpcProxy = startRpcProxy({ upstreams: { [config.chainId]: [chain.rpcUrl] } })
    closers.push(() => rpcProxy.stop())
    // Social login through the development identity provider; polls answer at once (the budget is 5 s).
    const identityProvider = await startDevIdentityProvider({
      redirectUri: new URL(CALLBACK_PATH, SERVICES).href,
    })
    closers.push(() => identityProvider.close())
    const social = await prepareSocial(identityProvider.social, {
      mode: 'development',
      publicUrl: SERVICES,
      pollWaitMs: 0,
    })
    // The bundler, its operator and paymaster signer dev accounts no other route sends from.
    const aaDir = await mkdtemp(join(tmpdir(), 'portico-fuzz-aa-'))
    closers.push(() => rm(aaDir, { recursive: true, force: true }))
    const contracts = await ensureSmartAccounts({
      rpcUrl: chain.rpcUrl,
      dataDir: aaDir,
      paymasterSigner: DEV_ACCOUNTS[4].address,
    })
    const bundler = startBundler(
      database,
      {
        chainId: config.chainId,
        rpcUrl: chain.rpcUrl,
        entryPoint: contracts.entryPoint,
        operatorKey: DEV_ACCOUNTS[3].privateKey,
        simulationsCode: (await readEntryPointArtifact('EntryPointSimulations')).deployedBytecode,
        accountFactory: contracts.factory,
        sponsorship: {
          paymaster: contracts.paymaster,
          signerKey: DEV_ACCOUNTS[4].privateKey,
          limits: { operationsPerSenderPerDay: 1_000, weiPerDay: 10n ** 20n },
        },
      },
      { warn: () => {} },
    )
    closers.push(() => bundler.stop())
    const serverErrors: string[] = []
    const dashboard: DashboardServices = { ...testDashboard(), publicUrl: SERVICES }
    const adminToken = randomBytes(16).toString('hex')
    const app = await buildServer({
      database,
      logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
      chain: { database, client: chain.client, config, caipNetworkId: `eip155:${config.chainId}` },
      siwx: { chainId: config.chainId, rpcUrl: chain.rpcUrl, hashSecret },
      names: {
        suffix: 'portico.id',
        chainId: config.chainId,
        rpcUrl: chain.rpcUrl,
        gatewayKey: DEV_ACCOUNTS[5].privateKey,
      },
      rpcProxy,
      social,
      bundler,
      swaps: swaps.config,
      embedded: {
        vault,
        mailer,
        chain: { rpcUrl: chain.rpcUrl, chainId: config.chainId },
        publicUrl: SERVICES,
        frameScript: 'console.log("frame")',
        frameChunks: new Map([[FRAME_CHUNK, 'export {}']]),
        devMailbox: mailbox,
        hashToken,
      },
      adminToken,
      dashboard,
      walletConnectRelay: { url: RELAY_AUDIENCE },
      // Every provider, and the sandbox paying from a dev account no other route sends from.
      onramp: {
        coinbase: { appId: 'fuzz-app' },
        meld: { publicKey: 'fuzz-meld-key' },
        eurPerUsd: 920_000n,
        sandbox: { payerKey: DEV_ACCOUNTS[9].privateKey, publicUrl: SERVICES },
      },
      // Sign In With Farcaster with the development accounts and their page.
      farcaster: prepareFarcaster({ development: true }, { mode: 'development', publicUrl: SERVICES }),
    })
    closers.push(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { db } = database
    const project = await createProject(db, { name: 'Fuzzed', origins: [PAGE] })
    const elsewhere = await createProject(db, { name: 'Elsewhere', origins: ['https://other.example'] })
    const quiet = await createProject(db, { name: 'Quiet', origins: [PAGE] })
    await db.updateTable('projects').set({ analytics_enabled: false }).where('id', '=', quiet.id).execute()

    const port = (app.server.address() as AddressInfo).port
    const pageServer = await startPageServer({ db, port, chainId: config.chainId }, serverErrors)
    closers.push(() => pageServer.close())
    const signer = privateKeyToAccount(DEV_ACCOUNTS[6].privateKey)
    const accounts = DEV_ACCOUNTS.slice(0, 3).map((account) => account.address.toLowerCase())
    const target: FuzzTarget = {
      app,
      port,
      pageServer,
      pageSessionToken: '',
      db,
      masterKey,
      hashToken,
      dashboard,
      project,
      elsewhere,
      quiet,
      adminToken,
      chainId: config.chainId,
      tokens: Object.values(chain.deployment.tokens).map((token) => token.address.toLowerCase()),
      accounts,
      entryPoint: contracts.entryPoint,
      accountFactory: contracts.factory,
      swapTokens: [
        `eip155:${config.chainId}:${NATIVE_TOKEN}`,
        ...DEMO_POOL_TOKENS.map((key) => `eip155:${config.chainId}:${chain.deployment.tokens[key].address}`),
      ],
      cursors: { history: [], nfts: [] },
      signer,
      stranger: privateKeyToAccount(DEV_ACCOUNTS[7].privateKey),
      siwxToken: '',
      wallet: { userId: '', email: 'holder@fuzz.example', address: '', device: '', token: '' },
      serverErrors,
      close,
    }
    for (const list of ['history', 'nfts'] as const)
      for (const account of accounts) {
        const page = await app.inject({
          url: `/v1/account/${account}/${list}?limit=1&projectId=${project.id}`,
          headers: { origin: PAGE },
        })
        const next = page.json().next
        if (typeof next === 'string') target.cursors[list].push(next)
      }
    target.siwxToken = await signIn(target)
    target.pageSessionToken = await signIn(target, pageServer.origin, pageServer.projectId)
    const user = await findOrCreateUser(db, target.wallet.email)
    const device = newDevice()
    await approveDevice(db, user.id, device)
    const token = await createSession(db, hashToken, {
      userId: user.id,
      projectId: project.id,
      deviceId: device,
    })
    // The holder's key set up as the frame sets it up, so its session may take the server share.
    const caller = { services: SERVICES, page: PAGE, projectId: project.id, device, token }
    const { address } = await setUpKeyAsFrame(
      (path, body) => injectAsFrame(app, caller, path, body),
      target.wallet.email,
    )
    target.wallet = { userId: user.id, email: target.wallet.email, address, device, token }
    return target
  } catch (error) {
    await close()
    throw error
  }
}

/** A SIWX session for `signer` on a page of a project, made through the routes themselves. */
export async function signIn(
  target: FuzzTarget,
  page = PAGE,
  projectId = target.project.id,
): Promise<string> {
  const query = `?projectId=${projectId}`
  const headers = { origin: page }
  const nonce = await target.app.inject({ method: 'POST', url: `/v1/siwx/nonce${query}`, headers })
  const message = siweMessage(nonce.json().nonce, target.signer.address, { page })
  const signature = await target.signer.signMessage({ message })
  const session = await target.app.inject({
    method: 'POST',
    url: `/v1/siwx/sessions${query}`,
    headers,
    payload: { message, signature },
  })
  if (session.statusCode !== 201) throw new Error(`SIWX sign-in failed: ${session.body}`)
  return session.json().token
}
