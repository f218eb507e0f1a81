import { type AddressInfo, createServer } from 'node:net'
import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { newAdminToken, publishAdminChannel } from './admin/channel.ts'
import { type BundlerSettings, prepareBundler } from './bundler/config.ts'
import { type Bundler, startBundler } from './bundler/service.ts'
import type { ChainOptionsInput } from './chain-data/config.ts'
import { type ChainServices, startChainServices } from './chain-data/service.ts'
import { SwapsOptions, type SwapsOptionsInput } from './convert/config.ts'
import { type DashboardSettings, prepareDashboard } from './dashboard/setup.ts'
import { preparePrivateDataDir } from './db/data-dir.ts'
import { openDatabase } from './db/database.ts'
import { devWalletListing } from './dev-wallet/config.ts'
import { readDevWalletAssets } from './dev-wallet/routes.ts'
import { closeEmbedded, type EmbeddedWalletSettings, prepareEmbedded } from './embedded/setup.ts'
import { type FarcasterSettings, prepareFarcaster } from './farcaster/config.ts'
import { openHashSecret } from './hash-secret.ts'
import type { TrustProxy } from './http/trust-proxy.ts'
import { gatewayUrlOf } from './names/gateway-routes.ts'
import type { NamesSettings } from './names/routes.ts'
import { type OnrampSettings, prepareOnramp } from './onramp/config.ts'
import { normaliseOrigin } from './projects/origin.ts'
import { ensureProject } from './projects/repository.ts'
import type { RpcProxyOptionsInput } from './rpc-proxy/config.ts'
import { type RpcProxy, startRpcProxy } from './rpc-proxy/service.ts'
import { type BuildServerOptions, buildServer } from './server.ts'
import type { ServerMode } from './server-mode.ts'
import type { SiwxSettings } from './siwx/routes.ts'
import type { SocialSettings } from './social/config.ts'
import { prepareSocial } from './social/setup.ts'
import { loadWalletRegistry } from './wallets/registry.ts'
import { type WalletConnectRelayOptions, WC_RELAY_PATH } from './wc-relay/routes.ts'

export interface StartServerOptions {
  /**
   * `development` (what `npm start` runs) fills in what production must be given: the public URL
   * is the server's own, a missing SMTP URL starts the dev mailbox (/dev/mailbox, mail on the
   * console), missing master and recovery keys are kept in the data folder. The default,
   * `production`, refuses to start without them instead.
   */
  mode?: ServerMode
  /**
   * The services' public origin (`PUBLIC_URL`), e.g. https://wallet.example: the secure frame's
   * origin and the base of every link in a mail. Required in production with e-mail login.
   */
  publicUrl?: string
  host?: string
  port?: number
  databaseUrl?: string
  dataDir?: string
  /** A project to create or complete on start, so a local page works without any setup. */
  devProject?: { id: string; name: string; origins: string[] }
  /** Warnings and failures only by default: per-request lines would drown `npm start`'s output. */
  logger?: BuildServerOptions['logger']
  /** Turns on e-mail login (the embedded wallet). */
  embedded?: EmbeddedWalletSettings
  /**
   * Turns on social login into the embedded wallet (which it needs) for the providers given: each
   * with its client id and secret (Apple: its key) from the provider's console, e.g.
   * `{ google: { clientId, clientSecret } }`. The provider's answer comes to PUBLIC_URL +
   * /v1/auth/social/callback. `npm start` points all six at the development identity provider.
   */
  social?: SocialSettings
  /** Turns on sign-in with wallet for this chain. */
  siwx?: SiwxSettings
  /**
   * Turns on account names (register, look up, reverse, suggest, identity) under a suffix, and with
   * `gatewayKey` the gateway through which standard ENS calls resolve them (`namesGateway` below).
   */
  names?: NamesSettings
  /**
   * 64 hex characters (`HASH_SECRET`) that key the stored hashes of login codes, approval links and
   * session tokens. Required in production with e-mail login or sign-in with wallet; in development
   * one is kept in `<dataDir>/hash.key` (without a data folder, one lasts as long as the process).
   */
  hashSecret?: string
  /** The chain to index and serve account data for (balances, history, NFTs, prices, gas). */
  chain?: ChainOptionsInput
  /**
   * Turns on `POST /v1/rpc` (issue 16): per chain id, the upstream JSON-RPC URLs the proxy ranks and
   * fails over between, e.g. `{ upstreams: { 31337: ['http://a:8545', 'http://b:8545'] } }`.
   */
  rpcProxy?: RpcProxyOptionsInput
  /**
   * Turns on swaps (issue 13, the `/v1/convert` routes but the gas price): per chain id, a Uniswap V2
   * router with its factory and WETH, the node to read the pools from and the ERC-20s offered, e.g.
   * `{ chains: { 31337: { rpcUrl, router, factory, weth, tokens: [{ address, symbol, name, decimals }] } } }`.
   */
  swaps?: SwapsOptionsInput
  /** The reverse proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`, see http/trust-proxy.ts). */
  trustProxy?: TrustProxy
  /** Days stored analytics events are kept (`ANALYTICS_RETENTION_DAYS`, default 90). */
  analyticsRetentionDays?: number
  /** See `BuildServerOptions.analyticsRateLimit`: for test stacks only. */
  analyticsRateLimit?: BuildServerOptions['analyticsRateLimit']
  /**
   * Turns on the operator dashboard at `/dashboard` (`DASHBOARD_PASSWORD`). Production is given the
   * password; development keeps one in `<dataDir>/dashboard.key` and says where.
   */
  dashboard?: DashboardSettings
  /**
   * Turns on the WalletConnect relay at `/v1/wc-relay` (issue 10). Clients sign the relay URL into
   * their auth token, so it is made from the public URL (`ws:` or `wss:`), which production must be given.
   */
  walletConnectRelay?: Pick<WalletConnectRelayOptions, 'limits'>
  /**
   * The dev wallet page at `/dev/wallet` (development only, with the relay): a WalletConnect wallet
   * for `projectId` that signs with an anvil dev key and sends through `rpcUrl`.
   */
  devWallet?: { projectId: string; chainId: number; rpcUrl: string; privateKey: string }
  /**
   * Turns on the on-ramp (`/v1/onramp/*`) for the `chain`, which it needs: Coinbase and Meld when
   * their keys are given, and in development the sandbox checkout that pays from a dev account.
   */
  onramp?: OnrampSettings
  /**
   * Turns on Sign In With Farcaster's relay routes: `{ optimismRpcUrl }` reads fids from OP Mainnet's
   * registries; in development `{ development: true }` uses three dev accounts and the
   * `/dev/farcaster` page that signs as them.
   */
  farcaster?: FarcasterSettings
  /**
   * A JSON file of the wallets `GET /v1/wallets` lists (`WALLET_REGISTRY`; the format is in
   * `data/wallets/SOURCES.md`); the shipped registry by default. Checked before anything opens.
   */
  walletRegistry?: string
  /**
   * Turns on the ERC-4337 bundler for one chain at `POST /v1/bundler` (issue 12): user operations
   * validated, stored and submitted from `operatorKey`; with `sponsorship`, the ERC-7677 paymaster
   * methods signing for a PorticoPaymaster within per-project daily limits.
   */
  bundler?: BundlerSettings
  /** Lines for whoever runs the server (a created key, dev mail arriving); the console by default. */
  log?: (line: string) => void
  /** Trouble the services recover from by themselves (chain node or database connection lost); stderr by default. */
  warn?: (line: string) => void
}

export interface RunningServer {
  /** Where it listens. */
  url: string
  /** Where browsers reach it: the public URL when there is one, else `url`. */
  publicUrl: string
  /**
   * With a names gateway key: what a PorticoNameResolver for these services is deployed with — the
   * gateway's URL template (on `publicUrl`) and the address whose signatures it accepts.
   */
  namesGateway?: { url: string; signer: Address }
  /** Where WalletConnect clients reach the relay, when it is on. */
  walletConnectRelayUrl?: string
  close(): Promise<void>
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? 'production'
  const host = options.host ?? '127.0.0.1'
  // In development the public URL is the server's own, and the routes need it before listening:
  // a port left to the system is chosen first.
  const port = mode === 'development' && options.port === 0 ? await freePort(host) : (options.port ?? 3001)
  const publicUrl = parsePublicUrl(
    options.publicUrl ?? (mode === 'development' ? developmentUrl(host, port) : undefined),
  )
  const log = options.log ?? ((line: string) => console.log(line))
  // Checked before anything opens: a key that is no private key stops the start here.
  const gatewayKey = options.names?.gatewayKey
  const gatewaySigner = gatewayKey ? privateKeyToAccount(gatewayKey).address : undefined
  const relayUrl = options.walletConnectRelay ? walletConnectRelayUrl(publicUrl) : undefined
  if (options.onramp && !options.chain)
    throw new Error('The on-ramp needs the chain option: it prices and delivers on that chain')
  const onramp = options.onramp ? prepareOnramp(options.onramp, { mode, publicUrl }) : undefined
  if (options.devWallet && mode !== 'development')
    throw new Error('The dev wallet signs with a key of the server: it runs in development only')
  if (options.devWallet && !relayUrl) throw new Error('The dev wallet needs the WalletConnect relay')
  const devWallet =
    options.devWallet && relayUrl
      ? { config: { ...options.devWallet, relayUrl }, assets: await readDevWalletAssets() }
      : undefined
  const swaps = options.swaps ? parseSwaps(options.swaps) : undefined
  const farcaster = options.farcaster ? prepareFarcaster(options.farcaster, { mode, publicUrl }) : undefined
  const registry = await loadWalletRegistry(options.walletRegistry)
  // Where the dev wallet runs, it is a wallet of the list too: reached by its link, it pairs at once.
  const walletRegistry =
    devWallet && publicUrl ? { wallets: [devWalletListing(publicUrl), ...registry.wallets] } : registry
  if (options.social && !options.embedded)
    throw new Error('Social login needs the embedded wallet (the embedded option): it logs into it')
  // Checks endpoints, secrets and Apple's key; opens nothing.
  const social =
    options.social && publicUrl ? await prepareSocial(options.social, { mode, publicUrl }) : undefined
  const bundlerConfig = options.bundler ? await prepareBundler(options.bundler) : undefined
  // Before the database: a refusal leaves no migration behind.
  if (options.dataDir) await preparePrivateDataDir(options.dataDir)
  const hashSecret =
    options.embedded || options.siwx || options.dashboard
      ? await openHashSecret(options.hashSecret, { mode, dataDir: options.dataDir, log })
      : undefined
  // Opens nothing, so a refusal here leaves nothing to close.
  const dashboard =
    options.dashboard && hashSecret
      ? await prepareDashboard(options.dashboard, {
          mode,
          dataDir: options.dataDir,
          publicUrl,
          hashSecret,
          log,
        })
      : undefined
  const embedded =
    options.embedded && hashSecret
      ? await prepareEmbedded(options.embedded, {
          mode,
          publicUrl,
          host,
          dataDir: options.dataDir,
          persistent: options.databaseUrl !== undefined || options.dataDir !== undefined,
          hashSecret,
          log,
        })
      : undefined
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    warn: options.warn,
  }).catch(async (error: unknown) => {
    if (embedded) await closeEmbedded(embedded)
    throw error
  })
  let chain: ChainServices | undefined
  let rpcProxy: RpcProxy | undefined
  let bundler: Bundler | undefined
  try {
    if (options.devProject) await ensureProject(database.db, options.devProject)
    chain = options.chain ? startChainServices(database, options.chain, options.warn) : undefined
    rpcProxy = options.rpcProxy ? startRpcProxy(options.rpcProxy) : undefined
    bundler = bundlerConfig ? startBundler(database, bundlerConfig, { warn: options.warn }) : undefined
    // Only the embedded database is locked to this process; a Postgres server takes the CLI directly.
    const adminToken = options.dataDir && !options.databaseUrl ? newAdminToken() : undefined
    const app = await buildServer({
      adminToken,
      database,
      logger: options.logger ?? { level: 'warn' },
      embedded,
      social,
      siwx: options.siwx && hashSecret ? { ...options.siwx, hashSecret } : undefined,
      names: options.names,
      chain: chain?.chainData,
      rpcProxy,
      swaps,
      bundler,
      trustProxy: options.trustProxy,
      analyticsRetentionDays: options.analyticsRetentionDays,
      analyticsRateLimit: options.analyticsRateLimit,
      dashboard,
      walletConnectRelay: relayUrl ? { ...options.walletConnectRelay, url: relayUrl } : undefined,
      devWallet,
      onramp,
      farcaster,
      walletRegistry,
    })
    try {
      await app.listen({ host, port })
    } catch (error) {
      await app.close()
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`Port ${port} is already in use — stop the other process or choose another port`)
      }
      throw error
    }
    const url = serverUrl(host, (app.server.address() as AddressInfo).port)
    const withdrawAdmin =
      adminToken && options.dataDir
        ? await publishAdminChannel(options.dataDir, { url, token: adminToken })
        : async () => {}
    const origin = publicUrl?.origin ?? url
    return {
      url,
      publicUrl: origin,
      ...(gatewaySigner ? { namesGateway: { url: gatewayUrlOf(origin), signer: gatewaySigner } } : {}),
      ...(relayUrl ? { walletConnectRelayUrl: relayUrl } : {}),
      close: async () => {
        await withdrawAdmin()
        await app.close()
        rpcProxy?.stop()
        await bundler?.stop()
        await chain?.stop()
        if (embedded) await closeEmbedded(embedded)
        await database.close()
      },
    }
  } catch (error) {
    rpcProxy?.stop()
    await bundler?.stop()
    await chain?.stop()
    if (embedded) await closeEmbedded(embedded)
    await database.close()
    throw error
  }
}

/**
 * Browsers refuse an IP address as a passkey's relying party, so a development frame on the
 * loopback address is reached by the name `localhost` (which browsers resolve to loopback
 * themselves): passkeys then work on a laptop as they do behind a real domain.
 */
const developmentUrl = (host: string, port: number) =>
  host === '127.0.0.1' ? `http://localhost:${port}` : serverUrl(host, port)

const serverUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`

function parsePublicUrl(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined
  const parsed = normaliseOrigin(value)
  if (!parsed.ok) throw new Error(`PUBLIC_URL: ${parsed.reason}`)
  return new URL(parsed.origin)
}

function walletConnectRelayUrl(publicUrl: URL | undefined): string {
  if (!publicUrl)
    throw new Error('The WalletConnect relay needs PUBLIC_URL: clients sign the relay URL it gives')
  const url = new URL(WC_RELAY_PATH, publicUrl)
  url.protocol = publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

function parseSwaps(input: SwapsOptionsInput) {
  const result = SwapsOptions.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new Error(`swaps.${issue?.path.join('.')}: ${issue?.message ?? 'invalid'}`)
}

async function freePort(host: string): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, host, resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
