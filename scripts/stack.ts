import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import {
  addressOfKey,
  DEMO_GENESIS_OFFSET_SECONDS,
  DEMO_POOL_TOKENS,
  DEMO_TOKEN_ICONS,
  DEV_ACCOUNTS,
  demoTokenList,
  ensureDemoDeployment,
  ensureNameResolver,
  ensureSmartAccounts,
  ensureUniswap,
  type NameResolverDeployment,
  readEntryPointArtifact,
  type SmartAccountsDeployment,
  startAnvil,
  type UniswapDeployment,
} from '@portico/contracts'
import {
  type DevelopmentStack,
  iconTableFromEnv,
  SOCIAL_CALLBACK_PATH,
  type StartServerOptions,
  serverModules,
  startServer,
  trustProxyFromEnv,
} from '@portico/server'
import { startWebServer } from '@portico/web/server'
// Development only: not in @portico/server's build, so portico-server can never load it.
import { startDevIdentityProvider } from '../packages/server/src/social/dev-provider/server.ts'

export interface StackOptions {
  dataDir: string
  rpcUrl?: string
  databaseUrl?: string
  host?: string
  anvilPort?: number
  serverPort?: number
  webPort?: number
  /** The services' analytics limit per IP; the browser tests, all from loopback, raise it. */
  analyticsRateLimit?: { maxEvents: number; windowMs: number }
  /** Outgoing mail for e-mail login; without it a dev mailbox runs in-process (see /dev/mailbox). */
  smtpUrl?: string
  /** Where browsers reach the services (`PUBLIC_URL`, e.g. behind a tunnel); by default their own URL. */
  publicUrl?: string
  /** Seals the server shares of embedded-wallet keys; without it one is created in the data folder. */
  masterKey?: string
  /** Seals their recovery shares (`RECOVERY_KEY`); without it one is created in the data folder. */
  recoveryKey?: string
  /** Keys the stored hashes of codes and session tokens; without it one is created in the data folder. */
  hashSecret?: string
  /** Signs the names gateway's answers (`NAMES_GATEWAY_KEY`); without it one is created in the data folder. */
  namesGatewayKey?: string
  /**
   * False runs the services without their bundler: the secure frame then offers no smart accounts,
   * as on a chain without ERC-4337, and its users are EOAs (the browser test of an EOA's key rotation).
   */
  smartAccounts?: boolean
  log?: (line: string) => void
}

export interface Stack {
  rpcUrl: string
  servicesUrl: string
  /** The services' JSON-RPC proxy for the chain and the dev project. */
  proxyRpcUrl: string
  /** The services' WalletConnect relay, for WalletConnect clients the developer runs. */
  walletConnectRelayUrl: string
  /** The development identity provider every social login button goes to. */
  identityProviderUrl: string
  pageUrl: string
  projectId: string
  chainId: number
  deployment: Awaited<ReturnType<typeof ensureDemoDeployment>>
  /** The resolver through which standard ENS calls resolve account names (`ensUniversalResolver`). */
  nameResolver: NameResolverDeployment
  /** Uniswap V2 and its demo pools, which the services' swaps trade through. */
  uniswap: UniswapDeployment
  /** EntryPoint v0.8, the PorticoAccountFactory and the funded PorticoPaymaster. */
  smartAccounts: SmartAccountsDeployment
  /** The services' ERC-4337 bundler and paymaster for the chain and the dev project. */
  bundlerUrl: string
  stop(): Promise<void>
}

/**
 * Brings the whole product up in order — chain, contracts, services, page — and takes it down in
 * reverse. `npm start`, the browser tests and the benchmarks all start it the same way.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {})
  const host = options.host ?? '127.0.0.1'
  const dataDir = resolve(options.dataDir)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined)
  }
  try {
    let rpcUrl = options.rpcUrl
    if (!rpcUrl) {
      const anvil = await step(log, 'chain: anvil', () =>
        startAnvil({
          host,
          port: options.anvilPort ?? 8545,
          statePath: join(dataDir, 'anvil-state.json'),
          genesisTimestamp: Math.floor(Date.now() / 1000) - DEMO_GENESIS_OFFSET_SECONDS,
        }),
      )
      stops.push(() => anvil.stop())
      rpcUrl = anvil.rpcUrl
    }
    const chainUrl = rpcUrl
    const deployment = await step(log, 'contracts: compile, deploy and seed', () =>
      ensureDemoDeployment({ rpcUrl: chainUrl, dataDir }),
    )
    // Uniswap V2 is GPL-3.0-or-later: deployed unmodified, from npm, on the development chain only.
    const poolTokens = DEMO_POOL_TOKENS.map((key) => deployment.tokens[key])
    const uniswap = await step(log, 'swaps: Uniswap V2 and demo pools', () =>
      ensureUniswap({ rpcUrl: chainUrl, dataDir, tokens: poolTokens }),
    )
    // ERC-4337: the EntryPoint (GPL-3.0, unmodified from npm), our account factory and a paymaster
    // whose deposit the demo deployer funds; the bundler's and the paymaster signer's keys are kept
    // in the data folder like the names gateway's.
    const bundlerKey = await devKey(dataDir, 'bundler.key')
    const paymasterSignerKey = await devKey(dataDir, 'paymaster-signer.key')
    const smartAccounts = await step(log, 'smart accounts: EntryPoint v0.8, factory, paymaster', () =>
      ensureSmartAccounts({
        rpcUrl: chainUrl,
        dataDir,
        paymasterSigner: addressOfKey(paymasterSignerKey),
        operators: [addressOfKey(bundlerKey)],
      }),
    )
    const simulations = await readEntryPointArtifact('EntryPointSimulations')
    const webPort = options.webPort ?? 3000
    const pageOrigin = `http://${host}:${webPort}`
    const projectId = await devProjectId(dataDir)
    const serverPort = options.serverPort ?? 3001
    // Where the services are reached, as startServer makes it in development: the providers' answers
    // go there, and the dev wallet page (/dev/wallet) lives there and connects to the relay for the
    // dev project, so that origin is on the project's list too.
    const servicesUrl =
      options.publicUrl ?? `http://${host === '127.0.0.1' ? 'localhost' : host}:${serverPort}`
    const tokenIcons = iconTableFromEnv(process.env.PORTICO_TOKEN_ICONS) ?? DEMO_TOKEN_ICONS
    // The demo tokens are the ones this operator vouches for: priced, iconed and shown as verified.
    const tokenListPath = process.env.PORTICO_TOKEN_LIST || join(dataDir, 'token-list.json')
    if (!process.env.PORTICO_TOKEN_LIST) {
      await writeFile(tokenListPath, `${JSON.stringify(demoTokenList(deployment), null, 2)}\n`)
    }
    const namesGatewayKey =
      parseGatewayKey(options.namesGatewayKey) ?? (await devKey(dataDir, 'names-gateway.key'))
    const identityProvider = await step(log, 'social login: development identity provider', () =>
      startDevIdentityProvider({ host, redirectUri: new URL(SOCIAL_CALLBACK_PATH, servicesUrl).href }),
    )
    stops.push(() => identityProvider.close())
    // What each module makes its development options from (its `development`, modules.ts).
    const development: DevelopmentStack = {
      env: process.env,
      chain: { rpcUrl: chainUrl, chainId: deployment.chainId },
      projectId,
      demo: {
        startBlock: deployment.firstBlock,
        spamCollections: [deployment.nfts.spam.address],
        tokenIcons,
        tokenListPath,
        // The dev wallet, the sandbox payer and the seeded accounts: all dev accounts.
        watchAccounts: DEV_ACCOUNTS.map((account) => account.address),
      },
      swaps: { router: uniswap.router, factory: uniswap.factory, weth: uniswap.weth, tokens: poolTokens },
      smartAccounts: {
        entryPoint: smartAccounts.entryPoint,
        accountFactory: smartAccounts.factory,
        paymaster: smartAccounts.paymaster,
        operatorKey: bundlerKey,
        paymasterSignerKey,
        simulationsCode: simulations.deployedBytecode,
      },
      namesGatewayKey,
      embedded: {
        smtpUrl: options.smtpUrl,
        masterKey: options.masterKey,
        recoveryKey: options.recoveryKey,
        frameScriptPath: resolve(import.meta.dirname, '../packages/embedded/dist/frame.js'),
      },
      socialProviders: identityProvider.social,
      devWalletKey: DEV_ACCOUNTS[DEV_WALLET_ACCOUNT].privateKey,
      sandboxPayerKey: DEV_ACCOUNTS[SANDBOX_PAYER].privateKey,
    }
    const moduleOptions: StartServerOptions = {}
    for (const module of serverModules) Object.assign(moduleOptions, module.development?.(development))
    if (options.smartAccounts === false) delete moduleOptions.bundler
    const server = await step(log, 'services: database, migrations, server', () =>
      startServer({
        ...moduleOptions,
        // Fills in the dev mailbox, master and recovery keys in the data folder and the public URL.
        mode: 'development',
        publicUrl: options.publicUrl,
        analyticsRateLimit: options.analyticsRateLimit,
        hashSecret: options.hashSecret,
        log,
        host,
        port: serverPort,
        databaseUrl: options.databaseUrl,
        dataDir,
        devProject: {
          id: projectId,
          name: 'Portico dev page',
          origins: [pageOrigin, `http://localhost:${webPort}`, new URL(servicesUrl).origin],
        },
        trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY),
      }),
    )
    stops.push(() => server.close())
    const gateway = server.namesGateway
    if (!gateway) throw new Error('The services were started without a names gateway')
    const nameResolver = await step(log, 'names: ENS resolver for the services gateway', () =>
      ensureNameResolver({ rpcUrl: chainUrl, dataDir, gatewayUrl: gateway.url, signer: gateway.signer }),
    )
    const web = await step(log, 'page: server-side rendered app', () =>
      startWebServer({
        host,
        port: webPort,
        // The name the browser uses for the page (localhost, see pageUrl below).
        publicUrl: host === '127.0.0.1' ? `http://localhost:${webPort}` : pageOrigin,
        projectId,
        servicesUrl: server.publicUrl,
        rpcUrl: chainUrl,
        chainId: deployment.chainId,
        chainName: deployment.chainId === 31337 ? 'Anvil' : `Chain ${deployment.chainId}`,
        ensUniversalResolver: nameResolver.address,
        // The page's "Send a batch" transfers the demo USDC.
        demoToken: {
          address: deployment.tokens.USDC.address,
          symbol: deployment.tokens.USDC.symbol,
          decimals: deployment.tokens.USDC.decimals,
        },
      }),
    )
    stops.push(() => web.close())
    return {
      rpcUrl: chainUrl,
      servicesUrl: server.publicUrl,
      proxyRpcUrl: `${server.publicUrl}/v1/rpc?chainId=${deployment.chainId}&projectId=${projectId}`,
      walletConnectRelayUrl: server.walletConnectRelayUrl as string,
      identityProviderUrl: identityProvider.issuer,
      // By the same name as the services (localhost, for passkeys): page and secure frame are then one
      // site, as a dapp and its own services domain are, and the frame keeps its storage.
      pageUrl: host === '127.0.0.1' ? web.url.replace('//127.0.0.1:', '//localhost:') : web.url,
      projectId,
      chainId: deployment.chainId,
      deployment,
      nameResolver,
      uniswap,
      smartAccounts,
      bundlerUrl: `${server.publicUrl}/v1/bundler?projectId=${projectId}`,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function step<T>(log: (line: string) => void, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  log(`… ${name}`)
  const result = await run()
  log(`✓ ${name} (${Math.round(performance.now() - started)} ms)`)
  return result
}

/** The dev project's id is made once and kept in the data folder, so the page keeps working across restarts. */
async function devProjectId(dataDir: string): Promise<string> {
  const file = join(dataDir, 'dev-project.json')
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { id?: unknown }
    if (typeof saved.id === 'string' && /^[0-9a-f]{32}$/.test(saved.id)) return saved.id
  } catch {
    // First start: no file yet.
  }
  const id = randomBytes(16).toString('hex')
  await writeFile(file, JSON.stringify({ id }, null, 2), { mode: 0o600 })
  return id
}

/** The dev wallet signs with dev account 8: no e2e test sends from it. */
const DEV_WALLET_ACCOUNT = 8

/** Dev account 9 deployed the spam collection at setup; the on-ramp sandbox pays from it. */
const SANDBOX_PAYER = 9

const GATEWAY_KEY = /^(0x)?[0-9a-fA-F]{64}$/

function parseGatewayKey(value: string | undefined): `0x${string}` | undefined {
  if (value === undefined) return undefined
  if (!GATEWAY_KEY.test(value)) throw new Error('NAMES_GATEWAY_KEY must be 64 hex characters')
  return `0x${value.replace(/^0x/, '')}`
}

/**
 * A key made once and kept in the data folder like the services' own dev keys (the names gateway's,
 * the bundler's, the paymaster signer's), so contracts on the kept chain go on trusting it after a
 * restart.
 */
async function devKey(dataDir: string, name: string): Promise<`0x${string}`> {
  const file = join(dataDir, name)
  const saved = (await readFile(file, 'utf8').catch(() => '')).trim()
  // A damaged file only costs a new key, which the contracts are then re-pointed to.
  if (GATEWAY_KEY.test(saved)) return `0x${saved.replace(/^0x/, '')}`
  const key = `0x${randomBytes(32).toString('hex')}` as const
  await writeFile(file, `${key}\n`, { mode: 0o600 })
  return key
}
