import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import type { Address } from 'viem'
import type { BundlerSettings } from './bundler/config.ts'
import type { Bundler } from './bundler/service.ts'
import type { ChainData, ChainOptionsInput } from './chain-data/config.ts'
import type { SwapsConfig, SwapsOptionsInput } from './convert/config.ts'
import type { DashboardServices, DashboardSettings } from './dashboard/setup.ts'
import type { Database } from './db/database.ts'
import type { DevWalletConfig } from './dev-wallet/config.ts'
import type { DevWalletAssets } from './dev-wallet/routes.ts'
import type { EmbeddedServices, EmbeddedWalletSettings } from './embedded/setup.ts'
import type { FarcasterOptions, FarcasterSettings } from './farcaster/config.ts'
import type { TrustProxy } from './http/trust-proxy.ts'
import type { NamesOptions, NamesSettings } from './names/routes.ts'
import type { OnrampOptions, OnrampSettings } from './onramp/config.ts'
import type { RpcProxyOptionsInput } from './rpc-proxy/config.ts'
import type { RpcProxy } from './rpc-proxy/service.ts'
import type { ServerMode } from './server-mode.ts'
import type { SiwxOptions, SiwxSettings } from './siwx/routes.ts'
import type { SocialSettings } from './social/config.ts'
import type { SocialServices } from './social/setup.ts'
import type { WalletRegistry } from './wallets/registry.ts'
import type { WalletConnectRelayOptions } from './wc-relay/routes.ts'

/** What `startServer` and `buildServer` take, one option per module (modules.ts) beside the core ones. */

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
   * Turns on `POST /v1/rpc`: per chain id, the upstream JSON-RPC URLs the proxy ranks and
   * fails over between, e.g. `{ upstreams: { 31337: ['http://a:8545', 'http://b:8545'] } }`.
   */
  rpcProxy?: RpcProxyOptionsInput
  /**
   * Turns on swaps: per chain id, a Uniswap V2
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
   * Turns on the WalletConnect relay at `/v1/wc-relay`. Clients sign the relay URL into
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
   * Turns on the ERC-4337 bundler for one chain at `POST /v1/bundler`: user operations
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
