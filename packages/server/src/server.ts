import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { adminPlugin } from './admin/routes.ts'
import { DEFAULT_RETENTION_DAYS } from './analytics/retention.ts'
import { analyticsPlugin } from './analytics/routes.ts'
import { bundlerPlugin } from './bundler/routes.ts'
import type { Bundler } from './bundler/service.ts'
import type { ChainData } from './chain-data/config.ts'
import { chainDataPlugin } from './chain-data/routes.ts'
import type { SwapsConfig } from './convert/config.ts'
import { convertPlugin } from './convert/routes.ts'
import { dashboardPlugin } from './dashboard/routes.ts'
import type { DashboardServices } from './dashboard/setup.ts'
import type { Database } from './db/database.ts'
import type { DevWalletConfig } from './dev-wallet/config.ts'
import { type DevWalletAssets, devWalletPlugin } from './dev-wallet/routes.ts'
import { embeddedPagesPlugin } from './embedded/pages.ts'
import { embeddedAuthPlugin } from './embedded/routes.ts'
import type { EmbeddedServices } from './embedded/setup.ts'
import { frameSmartAccounts } from './embedded/smart-accounts.ts'
import type { FarcasterOptions } from './farcaster/config.ts'
import { farcasterDevAppPlugin } from './farcaster/dev-routes.ts'
import { farcasterAuthenticatePlugin, farcasterChannelPlugin } from './farcaster/routes.ts'
import { healthPlugin } from './health/routes.ts'
import { answerError, installErrorHandling } from './http/errors.ts'
import { waitForRequestsOnClose } from './http/in-flight.ts'
import { installProjectGuard } from './http/project-guard.ts'
import { installZodSchemas } from './http/route-schema.ts'
import { type TrustProxy, warnOfUntrustedProxy } from './http/trust-proxy.ts'
import { GATEWAY_PATH, nameGatewayPlugin } from './names/gateway-routes.ts'
import { type NamesOptions, namesPlugin } from './names/routes.ts'
import type { OnrampOptions } from './onramp/config.ts'
import { sandboxPayer } from './onramp/payer.ts'
import { onrampPlugin } from './onramp/routes.ts'
import { sandboxCheckoutPlugin } from './onramp/sandbox-routes.ts'
import { watchProjects } from './projects/cache.ts'
import { getProject } from './projects/repository.ts'
import { projectsPlugin } from './projects/routes.ts'
import { rpcProxyPlugin } from './rpc-proxy/routes.ts'
import type { RpcProxy } from './rpc-proxy/service.ts'
import { type SiwxOptions, siwxPlugin } from './siwx/routes.ts'
import { socialPagesPlugin } from './social/pages.ts'
import type { SocialServices } from './social/setup.ts'
import { loadWalletRegistry, type WalletRegistry } from './wallets/registry.ts'
import { walletsPlugin } from './wallets/routes.ts'
import { type WalletConnectRelayOptions, walletConnectRelayPlugin } from './wc-relay/routes.ts'
import { RelayGauge } from './wc-relay/stats.ts'

export interface BuildServerOptions {
  database: Database
  /** Fastify's logger options, or a logger of the caller's own (portico-server's JSON lines). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger
  /** E-mail login, key custody and the secure frame; absent, those routes do not exist. */
  embedded?: EmbeddedServices | undefined
  /**
   * Social login (google, x, discord, github, apple, facebook) into the embedded wallet, which it
   * needs; absent, /v1/auth/social does not exist.
   */
  social?: SocialServices | undefined
  /** Sign-in with wallet for this chain; absent, the /v1/siwx routes do not exist. */
  siwx?: SiwxOptions | undefined
  /** The chain whose indexed data the account routes serve; absent, those routes do not exist. */
  chain?: ChainData | undefined
  /**
   * The JSON-RPC proxy's chains and upstreams (`startRpcProxy`); absent, `POST /v1/rpc` does not
   * exist. The embedded wallet relays its reads through it when it serves the wallet's chain.
   */
  rpcProxy?: RpcProxy | undefined
  /**
   * Account names under the operator's suffix; absent, the /v1/profile and /v1/identity routes do not
   * exist. With its `gatewayKey`, also the names gateway that PorticoNameResolver sends ENS clients to.
   */
  names?: NamesOptions | undefined
  /**
   * Swaps through a Uniswap V2 router, per chain (`SwapsOptions` parsed); absent, the
   * /v1/convert routes but the gas price do not exist, and every chain is `Network not supported for Swaps`.
   */
  swaps?: SwapsConfig | undefined
  /**
   * The ERC-4337 bundler and gas sponsorship of one chain (`startBundler`); absent, `POST
   * /v1/bundler` does not exist.
   */
  bundler?: Bundler | undefined
  /** Lets the projects CLI reach a server that holds the embedded database (see admin/channel.ts). */
  adminToken?: string | undefined
  /** Which reverse proxies' `X-Forwarded-For` to believe for the visitor's address (http/trust-proxy.ts). */
  trustProxy?: TrustProxy
  /** Days stored analytics events are kept (default 90); older ones are deleted hourly. */
  analyticsRetentionDays?: number
  /**
   * Events one IP may send for one project per window (default 120 a minute). Only a test stack,
   * where every visitor is the same loopback address, has a reason to change it.
   */
  analyticsRateLimit?: { maxEvents: number; windowMs: number } | undefined
  /** The operator dashboard (`/dashboard`); absent, those paths answer 404. */
  dashboard?: DashboardServices | undefined
  /** The WalletConnect relay at `/v1/wc-relay` (a WebSocket); absent, that path answers 404. */
  walletConnectRelay?: WalletConnectRelayOptions | undefined
  /** The development wallet page at `/dev/wallet` (development only); absent, that path answers 404. */
  devWallet?: { config: DevWalletConfig; assets: DevWalletAssets } | undefined
  /**
   * The on-ramp (`/v1/onramp/*`), priced and delivered on `chain`, which it needs; with its
   * `sandbox`, also the development checkout at `/onramp/sandbox/checkout`. Absent, none of them exist.
   */
  onramp?: OnrampOptions | undefined
  /**
   * Sign In With Farcaster's relay (`/v1/channel`, `/v1/channel/status`, `/v1/channel/authenticate`)
   * with its registry; with `devApp`, also the development Farcaster app at `/dev/farcaster`.
   * Absent, none of them exist.
   */
  farcaster?: FarcasterOptions | undefined
  /** The wallets `GET /v1/wallets` lists (`loadWalletRegistry`); the shipped registry by default. */
  walletRegistry?: WalletRegistry | undefined
}

/** The services app, not yet listening — tests drive it with `inject`. */
export async function buildServer({
  database,
  logger = false,
  embedded,
  social,
  siwx,
  names,
  chain,
  rpcProxy,
  swaps,
  bundler,
  adminToken,
  trustProxy,
  analyticsRetentionDays = DEFAULT_RETENTION_DAYS,
  analyticsRateLimit,
  dashboard,
  walletConnectRelay,
  devWallet,
  onramp,
  farcaster,
  walletRegistry,
}: BuildServerOptions): Promise<FastifyInstance> {
  if (onramp && !chain)
    throw new Error('The on-ramp needs the chain option: it prices and delivers on that chain')
  if (social && !embedded) throw new Error('Social login needs the embedded wallet: it logs into it')
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    frameworkErrors: answerError,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  })
  installErrorHandling(app)
  if (!trustProxy) warnOfUntrustedProxy(app)
  waitForRequestsOnClose(app)
  installZodSchemas(app)
  const payer = onramp?.sandbox && chain ? sandboxPayer(chain, onramp.sandbox.payerKey) : undefined
  const projects = await watchProjects(database.listen, (id) => getProject(database.db, id))
  app.addHook('onClose', () => projects.stop())
  const relayGauge = walletConnectRelay ? new RelayGauge() : undefined
  await app.register(healthPlugin, { database, chain, relay: relayGauge })
  if (adminToken) await app.register(adminPlugin, { database, token: adminToken })
  // Everything under /v1 belongs to a project and is called from its pages: one guard for all.
  await app.register(
    async (v1) => {
      installProjectGuard(v1, projects)
      await v1.register(projectsPlugin)
      if (chain) await v1.register(chainDataPlugin, { chain })
      if (rpcProxy) await v1.register(rpcProxyPlugin, { proxy: rpcProxy })
      if (siwx) await v1.register(siwxPlugin(database.db, siwx))
      if (names) await v1.register(namesPlugin(database.db, names))
      if (onramp && chain) await v1.register(onrampPlugin(database.db, chain, onramp, payer))
      if (swaps) await v1.register(convertPlugin, { swaps })
      if (farcaster) await v1.register(farcasterChannelPlugin(database.db, farcaster))
      await v1.register(walletsPlugin, { registry: walletRegistry ?? (await loadWalletRegistry()) })
      if (bundler) await v1.register(bundlerPlugin, { bundler })
    },
    { prefix: '/v1' },
  )
  // The names gateway (EIP-3668) is called by any ENS-aware app or server, which has no project of
  // ours and no Origin on an allow-list: it stays outside /v1's guard, open and limited per IP.
  if (names?.gatewayKey)
    await app.register(nameGatewayPlugin(database.db, { ...names, gatewayKey: names.gatewayKey }), {
      prefix: GATEWAY_PATH,
    })
  // The Farcaster app authenticates a channel from a phone: no project, no Origin of ours. Its
  // bearer channel token is the key and its signature is verified (farcaster/routes.ts).
  if (farcaster) {
    await app.register(farcasterAuthenticatePlugin(database.db, farcaster))
    if (farcaster.devApp)
      await app.register(farcasterDevAppPlugin, {
        db: database.db,
        options: farcaster,
        devApp: farcaster.devApp,
      })
  }
  // Analytics ingest sits at the root (`POST /e`, DESIGN) but answers to the same project and origin rules.
  await app.register(
    async (ingest) => {
      installProjectGuard(ingest, projects)
      await ingest.register(analyticsPlugin, {
        db: database.db,
        retentionDays: analyticsRetentionDays,
        rateLimit: analyticsRateLimit,
      })
    },
    { prefix: '/e' },
  )
  // Its own project and origin checks: a refused relay client is told on the socket, not in HTTP.
  if (walletConnectRelay)
    await app.register(walletConnectRelayPlugin, {
      database,
      projects,
      gauge: relayGauge ?? new RelayGauge(),
      ...walletConnectRelay,
    })
  if (devWallet) await app.register(devWalletPlugin, devWallet)
  // The sandbox's checkout is a page the buyer opens from the modal: no project guard, its
  // session id is the key.
  if (onramp?.sandbox && payer)
    await app.register(sandboxCheckoutPlugin, {
      db: database.db,
      payer,
      publicUrl: onramp.sandbox.publicUrl,
    })
  // The operator's pages: same origin as the services, their own login, no project guard.
  if (dashboard) await app.register(dashboardPlugin, { database, dashboard })
  if (embedded) {
    // Called by the secure frame from the services' own origin, so it has its own guard, not /v1's.
    const relay = rpcProxy?.relayFor(embedded.chain.chainId)
    const smartAccounts = frameSmartAccounts(bundler, embedded.chain.chainId)
    await app.register(embeddedAuthPlugin, {
      database,
      projects,
      ...embedded,
      chain: { ...embedded.chain, relay },
      social,
      bundler: smartAccounts ? bundler : undefined,
      farcaster,
      prefix: '/v1/auth',
    })
    await app.register(embeddedPagesPlugin, { projects, ...embedded, smartAccounts })
    // The popup's pages: the browser navigates to them, so they sit outside the frame guard.
    if (social)
      await app.register(socialPagesPlugin, {
        db: database.db,
        hashToken: embedded.hashToken,
        social,
        prefix: '/v1/auth/social',
      })
  }
  return app
}

const isLoggerInstance = (logger: BuildServerOptions['logger']): logger is FastifyBaseLogger =>
  typeof logger === 'object' && 'child' in logger && typeof logger.child === 'function'
