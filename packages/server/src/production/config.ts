import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { BundlerEnvironment, bundlerFromEnv, bundlerRequirements } from '../bundler/config.ts'
import {
  iconTableFromEnv,
  type MetadataOptionsInput,
  metadataOptionsFromEnv,
  priceTableFromEnv,
} from '../chain-data/config.ts'
import { readTokenList } from '../chain-data/token-list.ts'
import { swapContractsFromEnv } from '../convert/config.ts'
import { MIN_PASSWORD_LENGTH } from '../dashboard/password.ts'
import { FarcasterEnvironment, farcasterFromEnv } from '../farcaster/config.ts'
import { trustProxyFromEnv } from '../http/trust-proxy.ts'
import { OnrampEnvironment, onrampFromEnv } from '../onramp/config.ts'
import { normaliseOrigin } from '../projects/origin.ts'
import { rpcUpstreamsFromEnv } from '../rpc-proxy/config.ts'
import { SocialEnvironment, type SocialSettings, socialFromEnv } from '../social/config.ts'
import type { StartServerOptions } from '../start.ts'
import type { RelayLimits } from '../wc-relay/limits.ts'

/** What `portico-server` reads from its environment (or `--env-file`), checked before anything opens. */
interface ProductionConfig {
  server: StartServerOptions & { host: string; port: number; databaseUrl: string }
  logLevel: LogLevel
  /** How long SIGTERM waits for in-flight requests before the process gives up on them. */
  shutdownTimeoutMs: number
}

export type ConfigResult = { ok: true; config: ProductionConfig } | { ok: false; problems: string[] }

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
type LogLevel = (typeof LOG_LEVELS)[number]

const SECRET = /^(0x)?[0-9a-fA-F]{64}$/
const secret = (what: string) =>
  z.string().regex(SECRET, `must be 64 hex characters (${what}); make one with: openssl rand -hex 32`)

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
  .transform((value) => value === 'on' || value === 'true' || value === '1')

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

/** A DNS name such as `portico.id`: names registered under it are `alice.portico.id`. */
const DNS_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/

const isPrivateKey = (key: Hex) => {
  try {
    privateKeyToAccount(key)
    return true
  } catch {
    return false
  }
}

/** Parsed by the same functions `npm start` uses, so a value means the same in both. */
const fromEnvParser = <T>(parse: (value: string) => T) =>
  z.string().transform((value, context) => {
    try {
      return parse(value)
    } catch (error) {
      // Those parsers name the variable themselves; the path already does here.
      const message = (error as Error).message.replace(/^[A-Z_]+: /, '')
      context.issues.push({ code: 'custom', input: value, message })
      return z.NEVER
    }
  })

const Environment = z.object({
  DATABASE_URL: z
    .string({ error: 'is required: the Postgres server the services keep their state in' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  RPC_URL: z.string({ error: 'is required: the JSON-RPC endpoint of your chain' }).pipe(httpUrl),
  CHAIN_ID: z
    .string({ error: 'is required: the id of the chain behind RPC_URL' })
    .pipe(integer(1, 2 ** 53 - 1)),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: integer(0, 65_535).default(3001),
  PUBLIC_URL: z.string().optional(),
  EMAIL_LOGIN: onOff.default(true),
  SIWX: onOff.default(true),
  // Off unless asked for: mobile wallets only speak to the public relay (README, the relay).
  WC_RELAY: onOff.default(false),
  WC_RELAY_MAX_SOCKETS_PER_IP: integer(1, 1e6).optional(),
  WC_RELAY_MAX_BYTES_PER_IP: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_BYTES_PER_PROJECT: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_BYTES_PER_TOPIC: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_MAILBOX_BYTES: integer(1, 2 ** 40).optional(),
  WC_RELAY_UNREAD_TTL_SECONDS: integer(10, 30 * 86_400).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MASTER_KEY: secret('it seals the server shares of embedded-wallet keys').optional(),
  RECOVERY_KEY: secret('it seals their recovery shares').optional(),
  HASH_SECRET: secret('it keys the stored hashes of codes and session tokens').optional(),
  FRAME_SCRIPT_PATH: z.string().min(1).optional(),
  WALLET_REGISTRY: z.string().min(1).optional(),
  DASHBOARD_PASSWORD: z
    .string()
    .min(
      MIN_PASSWORD_LENGTH,
      `must be at least ${MIN_PASSWORD_LENGTH} characters; make one with: openssl rand -base64 24`,
    )
    .optional(),
  NAMES_SUFFIX: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.string().max(200).regex(DNS_NAME, 'must be a domain name such as portico.id'))
    .optional(),
  NAMES_GATEWAY_KEY: secret('it signs the answers of the names gateway')
    .transform((value) => `0x${value.replace(/^0x/, '')}` as Hex)
    .refine(isPrivateKey, 'must be a private key (not zero, below the secp256k1 order)')
    .optional(),
  INDEXER: onOff.default(true),
  START_BLOCK: integer(0, 2 ** 53 - 1).default(0),
  SPAM_COLLECTIONS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be comma-separated 0x addresses')))
    .default([]),
  PORTICO_PRICES: fromEnvParser(priceTableFromEnv).optional(),
  PORTICO_TOKEN_ICONS: fromEnvParser(iconTableFromEnv).optional(),
  PORTICO_TOKEN_LIST: fromEnvParser(readTokenList).optional(),
  INDEXER_STUCK_AFTER_S: integer(1, 86_400).default(120),
  TRUST_PROXY: fromEnvParser(trustProxyFromEnv).optional(),
  RPC_UPSTREAMS: fromEnvParser(rpcUpstreamsFromEnv).optional(),
  // The proxy's limits (rpc-proxy/config.ts has the defaults): cost units a second, blocks a call.
  RPC_RATE_PER_IP: integer(1, 1_000_000).optional(),
  RPC_RATE_PER_PROJECT: integer(1, 100_000_000).optional(),
  RPC_MAX_LOG_BLOCKS: integer(1, 100_000_000).optional(),
  ANALYTICS_RETENTION_DAYS: integer(1, 3650).default(90),
  HISTORY_CACHE_MB: integer(0, 65_536).default(32),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SHUTDOWN_TIMEOUT_S: integer(1, 3600).default(25),
  // Coinbase and Meld, each offered once its key is set. The sandbox has no variable: it pays from
  // a key of the server and is for npm start only.
  ...OnrampEnvironment.shape,
  // Sign In With Farcaster, on once an OP Mainnet node is named to read fids from.
  ...FarcasterEnvironment.shape,
  // The ERC-4337 bundler and gas sponsorship, on with BUNDLER_KEY (README, smart accounts).
  ...BundlerEnvironment.shape,
})

/**
 * Reads the services' configuration from environment variables. Every problem is one line naming
 * the variable and what it needs, all reported at once, so an operator fixes them in one go
 * instead of one restart each.
 */
export function readProductionConfig(env: Record<string, string | undefined>): ConfigResult {
  // An empty variable (`FOO=` in a compose file) means "not set", as it does for npm start.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = Environment.safeParse(given)
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)
  let metadata: MetadataOptionsInput | undefined
  try {
    metadata = metadataOptionsFromEnv(given)
  } catch (error) {
    problems.push((error as Error).message.replace(/^([A-Z_]+): /, '$1 '))
  }
  const swaps = swapContractsFromEnv(given)
  problems.push(...swaps.problems)
  const social = socialOf(given)
  problems.push(...social.problems)
  problems.push(...requirements(given))
  problems.push(...bundlerRequirements(given))
  if (!parsed.success || problems.length > 0) return { ok: false, problems }
  const vars = parsed.data

  const chain = { rpcUrl: vars.RPC_URL, chainId: vars.CHAIN_ID }
  const onramp = onrampFromEnv(vars)
  const farcaster = farcasterFromEnv(vars)
  const bundler = bundlerFromEnv(vars, chain)
  return {
    ok: true,
    config: {
      logLevel: vars.LOG_LEVEL,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_S * 1000,
      server: {
        mode: 'production',
        host: vars.HOST,
        port: vars.PORT,
        databaseUrl: vars.DATABASE_URL,
        publicUrl: vars.PUBLIC_URL,
        hashSecret: vars.HASH_SECRET,
        trustProxy: vars.TRUST_PROXY,
        analyticsRetentionDays: vars.ANALYTICS_RETENTION_DAYS,
        // The proxy serves the configured chain through its own node unless upstreams are named.
        rpcProxy: {
          upstreams: vars.RPC_UPSTREAMS ?? { [vars.CHAIN_ID]: [vars.RPC_URL] },
          limits: {
            ...(vars.RPC_RATE_PER_IP ? { ipPerSecond: vars.RPC_RATE_PER_IP } : {}),
            ...(vars.RPC_RATE_PER_PROJECT ? { projectPerSecond: vars.RPC_RATE_PER_PROJECT } : {}),
            ...(vars.RPC_MAX_LOG_BLOCKS ? { maxLogBlocks: vars.RPC_MAX_LOG_BLOCKS } : {}),
          },
        },
        chain: {
          ...chain,
          startBlock: vars.START_BLOCK,
          spamCollections: vars.SPAM_COLLECTIONS,
          index: vars.INDEXER,
          historyCacheMb: vars.HISTORY_CACHE_MB,
          ...(vars.PORTICO_PRICES ? { prices: vars.PORTICO_PRICES } : {}),
          ...(vars.PORTICO_TOKEN_ICONS ? { tokenIcons: vars.PORTICO_TOKEN_ICONS } : {}),
          ...(vars.PORTICO_TOKEN_LIST ? { tokenList: vars.PORTICO_TOKEN_LIST } : {}),
          indexingStuckAfterMs: vars.INDEXER_STUCK_AFTER_S * 1000,
          ...(metadata ? { metadata } : {}),
        },
        ...(vars.SIWX ? { siwx: chain } : {}),
        // Swaps through the operator's Uniswap V2 router on the configured chain.
        ...(swaps.contracts
          ? {
              swaps: {
                chains: {
                  [vars.CHAIN_ID]: {
                    rpcUrl: vars.RPC_URL,
                    ...swaps.contracts,
                    ...(vars.PORTICO_TOKEN_ICONS ? { tokenIcons: vars.PORTICO_TOKEN_ICONS } : {}),
                  },
                },
              },
            }
          : {}),
        ...(vars.NAMES_SUFFIX
          ? { names: { ...chain, suffix: vars.NAMES_SUFFIX, gatewayKey: vars.NAMES_GATEWAY_KEY } }
          : {}),
        ...(vars.WC_RELAY ? { walletConnectRelay: { limits: relayLimitsOf(vars) } } : {}),
        ...(vars.WALLET_REGISTRY ? { walletRegistry: vars.WALLET_REGISTRY } : {}),
        ...(onramp ? { onramp } : {}),
        ...(farcaster ? { farcaster } : {}),
        ...(bundler ? { bundler } : {}),
        // Without a password the dashboard is off and /dashboard answers 404.
        ...(vars.DASHBOARD_PASSWORD ? { dashboard: { password: vars.DASHBOARD_PASSWORD } } : {}),
        ...(Object.keys(social.settings).length > 0 ? { social: social.settings } : {}),
        ...(vars.EMAIL_LOGIN
          ? {
              embedded: {
                ...chain,
                smtpUrl: vars.SMTP_URL,
                ...(vars.MAIL_FROM ? { mailFrom: vars.MAIL_FROM } : {}),
                masterKey: vars.MASTER_KEY,
                recoveryKey: vars.RECOVERY_KEY,
                frameScriptPath: vars.FRAME_SCRIPT_PATH,
              },
            }
          : {}),
      },
    },
  }
}

/** The `SOCIAL_*` providers: formats first, then what each provider needs beside its client id. */
function socialOf(given: Record<string, string | undefined>): {
  settings: SocialSettings
  problems: string[]
} {
  const parsed = SocialEnvironment.safeParse(given)
  if (!parsed.success)
    return {
      settings: {},
      problems: parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`),
    }
  const result = socialFromEnv(parsed.data)
  const on = onOff.safeParse(given.EMAIL_LOGIN ?? 'on').data !== false
  if (Object.keys(result.settings).length > 0 && !on)
    result.problems.push(
      'SOCIAL_* needs e-mail login on (EMAIL_LOGIN): social logins open the embedded wallet',
    )
  return result
}

/**
 * What depends on other variables, judged on the raw values so these problems are listed together
 * with the format problems above rather than after the operator fixed those.
 */
function requirements(given: Record<string, string | undefined>): string[] {
  const problems: string[] = []
  const on = (name: string) => onOff.safeParse(given[name] ?? 'on').data !== false
  if (given.PUBLIC_URL !== undefined) {
    const publicUrl = normaliseOrigin(given.PUBLIC_URL)
    if (!publicUrl.ok) problems.push(`PUBLIC_URL ${publicUrl.reason}`)
  }
  if (on('EMAIL_LOGIN')) {
    const why = 'with e-mail login on (EMAIL_LOGIN=off turns it off)'
    if (!given.PUBLIC_URL)
      problems.push(`PUBLIC_URL is required ${why}: the secure frame's origin and mail links`)
    if (!given.SMTP_URL) problems.push(`SMTP_URL is required ${why}: login codes go out by mail`)
    if (!given.MASTER_KEY) problems.push(`MASTER_KEY is required ${why}: make one with: openssl rand -hex 32`)
    if (!given.RECOVERY_KEY)
      problems.push(`RECOVERY_KEY is required ${why}: make one with: openssl rand -hex 32`)
    if (given.MASTER_KEY && given.RECOVERY_KEY && sameSecret(given.MASTER_KEY, given.RECOVERY_KEY))
      problems.push('RECOVERY_KEY must differ from MASTER_KEY: each seals a different share of every key')
  }
  if ((on('EMAIL_LOGIN') || on('SIWX')) && !given.HASH_SECRET)
    problems.push(
      'HASH_SECRET is required with e-mail login or sign-in with wallet: make one with: openssl rand -hex 32',
    )
  else if (given.DASHBOARD_PASSWORD && !given.HASH_SECRET)
    problems.push(
      'HASH_SECRET is required with the dashboard (DASHBOARD_PASSWORD): it keys its sessions; make one with: openssl rand -hex 32',
    )
  if (given.NAMES_GATEWAY_KEY && !given.NAMES_SUFFIX)
    problems.push(
      'NAMES_SUFFIX is required with NAMES_GATEWAY_KEY: the gateway answers for the names under it',
    )
  if (given.NAMES_GATEWAY_KEY && !given.PUBLIC_URL && !on('EMAIL_LOGIN'))
    problems.push(
      'PUBLIC_URL is required with the names gateway (NAMES_GATEWAY_KEY): the name resolver sends ENS clients there',
    )
  if (given.ONRAMP_EUR_PER_USD && !given.ONRAMP_COINBASE_APP_ID && !given.ONRAMP_MELD_PUBLIC_KEY)
    problems.push(
      'ONRAMP_EUR_PER_USD has no use without a provider: set ONRAMP_COINBASE_APP_ID or ONRAMP_MELD_PUBLIC_KEY',
    )
  if (given.DASHBOARD_PASSWORD && !given.PUBLIC_URL && !on('EMAIL_LOGIN'))
    problems.push(
      'PUBLIC_URL is required with the dashboard (DASHBOARD_PASSWORD): logins are accepted from that origin only',
    )
  if (onOff.safeParse(given.WC_RELAY ?? 'off').data && !given.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL is required with the WalletConnect relay (WC_RELAY): clients sign the relay URL made from it',
    )
  return problems
}

const sameSecret = (a: string, b: string) =>
  a.replace(/^0x/, '').toLowerCase() === b.replace(/^0x/, '').toLowerCase()

/** The relay's caps the `WC_RELAY_*` variables set; the rest keep their defaults. */
function relayLimitsOf(vars: {
  WC_RELAY_MAX_SOCKETS_PER_IP?: number | undefined
  WC_RELAY_MAX_BYTES_PER_IP?: number | undefined
  WC_RELAY_MAX_BYTES_PER_PROJECT?: number | undefined
  WC_RELAY_MAX_BYTES_PER_TOPIC?: number | undefined
  WC_RELAY_MAX_MAILBOX_BYTES?: number | undefined
  WC_RELAY_UNREAD_TTL_SECONDS?: number | undefined
}): Partial<RelayLimits> {
  const limits: Partial<RelayLimits> = {
    maxSocketsPerIp: vars.WC_RELAY_MAX_SOCKETS_PER_IP,
    maxStoredBytesPerIp: vars.WC_RELAY_MAX_BYTES_PER_IP,
    maxStoredBytesPerProject: vars.WC_RELAY_MAX_BYTES_PER_PROJECT,
    maxStoredBytesPerTopic: vars.WC_RELAY_MAX_BYTES_PER_TOPIC,
    maxMailboxBytes: vars.WC_RELAY_MAX_MAILBOX_BYTES,
    unreadTtlSeconds: vars.WC_RELAY_UNREAD_TTL_SECONDS,
  }
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined))
}
