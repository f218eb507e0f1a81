import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureSmartAccounts, readEntryPointArtifact, type SmartAccountsDeployment } from '@portico/contracts'
import { toPorticoSmartAccount } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, type Hex, http, type LocalAccount, type PublicClient } from 'viem'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import type { BundlerConfig, SponsorshipSettings } from '../bundler/config.ts'
import { type Bundler, startBundler } from '../bundler/service.ts'
import type { SponsorLimits } from '../bundler/sponsorship.ts'
import type { Database } from '../db/database.ts'
import { createProject } from '../projects/repository.ts'
import { type BuildServerOptions, buildServer } from '../server.ts'
import { startTestChain, type TestChain } from './chain.ts'

export const PAGE = 'http://127.0.0.1:3000'

/** A test chain (the demo tokens) with EntryPoint v0.8, our factory and a funded paymaster. */
export interface AccountAbstractionChain {
  chain: TestChain
  contracts: SmartAccountsDeployment
  simulationsCode: Hex
  operatorKey: Hex
  signerKey: Hex
  stop(): Promise<void>
}

export async function startAccountAbstractionChain(): Promise<AccountAbstractionChain> {
  const chain = await startTestChain()
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-aa-'))
  const operatorKey = generatePrivateKey()
  const signerKey = generatePrivateKey()
  const contracts = await ensureSmartAccounts({
    rpcUrl: chain.rpcUrl,
    dataDir,
    paymasterSigner: privateKeyToAccount(signerKey).address,
    operators: [privateKeyToAccount(operatorKey).address],
  })
  const { deployedBytecode } = await readEntryPointArtifact('EntryPointSimulations')
  return {
    chain,
    contracts,
    simulationsCode: deployedBytecode,
    operatorKey,
    signerKey,
    async stop() {
      await chain.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The bundler on `aa`'s chain, sponsoring within `limits` and the other settings `sponsorship` gives. */
export const bundlerConfigOf = (
  aa: AccountAbstractionChain,
  limits: SponsorLimits,
  sponsorship: Partial<SponsorshipSettings> = {},
): BundlerConfig => ({
  chainId: anvilChain.id,
  rpcUrl: aa.chain.rpcUrl,
  entryPoint: aa.contracts.entryPoint,
  operatorKey: aa.operatorKey,
  simulationsCode: aa.simulationsCode,
  accountFactory: aa.contracts.factory,
  sponsorship: { paymaster: aa.contracts.paymaster, signerKey: aa.signerKey, limits, ...sponsorship },
})

/** The services listening on a free port with the bundler on, and a project for PAGE. */
export interface BundlerApp {
  app: FastifyInstance
  bundler: Bundler
  projectId: string
  /** `POST /v1/bundler` from the project's page. */
  url: string
  close(): Promise<void>
}

export async function startBundlerApp(
  database: Database,
  config: BundlerConfig,
  extra: Omit<BuildServerOptions, 'database' | 'bundler'> = {},
  projectId?: string,
): Promise<BundlerApp> {
  const bundler = startBundler(database, config, { warn: () => {}, idleMs: 200 })
  const app = await buildServer({ database, bundler, ...extra })
  const id = projectId ?? (await createProject(database.db, { name: 'Dapp', origins: [PAGE] })).id
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    app,
    bundler,
    projectId: id,
    url: `http://127.0.0.1:${port}/v1/bundler?projectId=${id}`,
    async close() {
      await app.close()
      await bundler.stop()
    },
  }
}

/** What the page's code holds: a smart account of a fresh owner and the bundler client for it. */
export async function smartAccountClient(
  aa: AccountAbstractionChain,
  url: string,
  options: { sponsored: boolean; owner?: LocalAccount; salt?: bigint },
) {
  const client = createPublicClient({
    chain: anvilChain,
    transport: http(aa.chain.rpcUrl),
    pollingInterval: 20,
  })
  const owner = options.owner ?? privateKeyToAccount(generatePrivateKey())
  const account = await toPorticoSmartAccount(owner, {
    client,
    factory: aa.contracts.factory,
    salt: options.salt ?? BigInt(`0x${randomBytes(6).toString('hex')}`),
  })
  const transport = http(url, { fetchOptions: { headers: { origin: PAGE } } })
  const bundlerClient = createBundlerClient({
    account,
    client,
    transport,
    pollingInterval: 20,
    ...(options.sponsored ? { paymaster: createPaymasterClient({ transport }) } : {}),
  })
  return { owner, account, client: client as PublicClient, bundlerClient }
}

/** A raw JSON-RPC call to the bundler, for refusals viem would reword. */
export async function rawCall(url: string, method: string, params: unknown[]) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { origin: PAGE, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
}
