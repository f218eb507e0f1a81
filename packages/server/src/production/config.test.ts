import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { readProductionConfig } from './config.ts'

const key = (digit: string) => digit.repeat(64)

/** What the README's example sets: the services with e-mail login and sign-in on one chain. */
const NEWCOMER = {
  DATABASE_URL: 'postgres://portico:secret@db:5432/portico',
  RPC_URL: 'http://chain:8545',
  CHAIN_ID: '31337',
  PUBLIC_URL: 'https://wallet.example',
  SMTP_URL: 'smtp://mail:587',
  MASTER_KEY: key('a'),
  RECOVERY_KEY: key('b'),
  HASH_SECRET: key('c'),
}

const ADDRESS = (digit: string) => `0x${digit.repeat(40)}`
/** The contracts of a swap deployment; SWAP_TOKENS is each test's own. */
const SWAPS = { SWAP_ROUTER: ADDRESS('a'), SWAP_FACTORY: ADDRESS('b'), SWAP_WETH: ADDRESS('d') }

function problemsOf(env: Record<string, string | undefined>): string[] {
  const result = readProductionConfig(env)
  if (result.ok) throw new Error('expected the configuration to be refused')
  return result.problems
}

describe('portico-server configuration', () => {
  it('turns SOCIAL_* into social login providers, and says what a half-configured one lacks', () => {
    const result = readProductionConfig({
      ...NEWCOMER,
      SOCIAL_GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'GOCSPX-secret',
    })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.server.social).toEqual({
      google: { clientId: '123.apps.googleusercontent.com', clientSecret: 'GOCSPX-secret' },
    })
    expect(
      problemsOf({ ...NEWCOMER, SOCIAL_APPLE_CLIENT_ID: 'com.example.web', SOCIAL_APPLE_KEY_ID: 'KEY' }),
    ).toEqual(['SOCIAL_APPLE_KEY_ID must be the 10-character key id'])
    expect(
      problemsOf({
        ...NEWCOMER,
        EMAIL_LOGIN: 'off',
        SOCIAL_X_CLIENT_ID: 'abc',
        SOCIAL_X_CLIENT_SECRET: 'shh',
      }),
    ).toContain('SOCIAL_* needs e-mail login on (EMAIL_LOGIN): social logins open the embedded wallet')
  })

  it('turns the newcomer variables into production options for all three features', () => {
    const result = readProductionConfig(NEWCOMER)
    if (!result.ok) throw new Error(result.problems.join('\n'))
    const { server, logLevel, shutdownTimeoutMs } = result.config
    expect(server).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
      port: 3001,
      databaseUrl: NEWCOMER.DATABASE_URL,
      publicUrl: 'https://wallet.example',
      hashSecret: key('c'),
      analyticsRetentionDays: 90,
      chain: { rpcUrl: 'http://chain:8545', chainId: 31337, startBlock: 0, index: true },
      siwx: { rpcUrl: 'http://chain:8545', chainId: 31337 },
      embedded: { smtpUrl: 'smtp://mail:587', masterKey: key('a'), recoveryKey: key('b') },
      rpcProxy: { upstreams: { 31337: ['http://chain:8545'] } },
    })
    expect(logLevel).toBe('info')
    expect(shutdownTimeoutMs).toBe(25_000)
  })

  it('lists every problem at once, one line each naming its variable', () => {
    expect(
      problemsOf({ PORT: '99999', CHAIN_ID: 'mainnet', MASTER_KEY: 'short', EMAIL_LOGIN: 'yes' }),
    ).toEqual([
      'DATABASE_URL is required: the Postgres server the services keep their state in',
      'RPC_URL is required: the JSON-RPC endpoint of your chain',
      'CHAIN_ID must be a whole number',
      'PORT must be at most 65535',
      'EMAIL_LOGIN must be on or off',
      'MASTER_KEY must be 64 hex characters (it seals the server shares of embedded-wallet keys); make one with: openssl rand -hex 32',
      "PUBLIC_URL is required with e-mail login on (EMAIL_LOGIN=off turns it off): the secure frame's origin and mail links",
      'SMTP_URL is required with e-mail login on (EMAIL_LOGIN=off turns it off): login codes go out by mail',
      'RECOVERY_KEY is required with e-mail login on (EMAIL_LOGIN=off turns it off): make one with: openssl rand -hex 32',
      'HASH_SECRET is required with e-mail login or sign-in with wallet: make one with: openssl rand -hex 32',
    ])
  })

  it('refuses values the services would misread', () => {
    expect(
      problemsOf({
        ...NEWCOMER,
        DATABASE_URL: 'mysql://db/portico',
        RPC_URL: 'ws://chain:8546',
        PUBLIC_URL: 'https://wallet.example/path',
        SMTP_URL: 'mail.example:587',
        RECOVERY_KEY: `0x${key('A')}`,
        MASTER_KEY: key('a'),
        TRUST_PROXY: 'everyone',
        PORTICO_PRICES: '{"USDC":-1}',
        PORTICO_IPFS_GATEWAY: 'ipfs://gateway',
        SPAM_COLLECTIONS: '0x12',
        LOG_LEVEL: 'verbose',
      }),
    ).toEqual([
      'DATABASE_URL must be a postgres:// connection string',
      'RPC_URL must be an http(s) URL',
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587',
      'SPAM_COLLECTIONS must be comma-separated 0x addresses',
      expect.stringMatching(/^PORTICO_PRICES /),
      'TRUST_PROXY "everyone" is not an IP address or CIDR range (use true, or addresses like 127.0.0.1,10.0.0.0/8)',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace',
      'PORTICO_IPFS_GATEWAY gateways must be http(s) URLs',
      expect.stringMatching(/^PUBLIC_URL /),
      'RECOVERY_KEY must differ from MASTER_KEY: each seals a different share of every key',
    ])
  })

  it('needs no mail, keys or public URL with e-mail login off, and no hash secret without sign-in either', () => {
    const result = readProductionConfig({
      DATABASE_URL: NEWCOMER.DATABASE_URL,
      RPC_URL: NEWCOMER.RPC_URL,
      CHAIN_ID: '1',
      EMAIL_LOGIN: 'off',
      SIWX: 'off',
      INDEXER: 'off',
    })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.server.embedded).toBeUndefined()
    expect(result.config.server.siwx).toBeUndefined()
    expect(result.config.server.chain).toMatchObject({ index: false })
  })

  it('gives the RPC proxy the upstreams of RPC_UPSTREAMS, and refuses ones it cannot use', () => {
    const upstreams = { '31337': ['http://a:8545', 'https://b.example/rpc'] }
    const result = readProductionConfig({ ...NEWCOMER, RPC_UPSTREAMS: JSON.stringify(upstreams) })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.server.rpcProxy).toEqual({ upstreams, limits: {} })
    expect(problemsOf({ ...NEWCOMER, RPC_UPSTREAMS: '31337=http://a' })).toEqual([
      'RPC_UPSTREAMS must be JSON, e.g. {"31337":["http://127.0.0.1:8545"]}',
    ])
    expect(problemsOf({ ...NEWCOMER, RPC_UPSTREAMS: '{"31337":["ws://a:8546"]}' })).toEqual([
      'RPC_UPSTREAMS upstreams must be http(s) URLs',
    ])
    expect(problemsOf({ ...NEWCOMER, RPC_UPSTREAMS: '{"mainnet":["http://a"]}' })).toEqual([
      'RPC_UPSTREAMS keys must be chain ids such as "31337", not "mainnet"',
    ])
    expect(problemsOf({ ...NEWCOMER, RPC_UPSTREAMS: '{"1":[]}' })).toEqual([
      'RPC_UPSTREAMS each chain needs at least one upstream',
    ])
  })

  it('gives the RPC proxy the limits of RPC_RATE_PER_IP, RPC_RATE_PER_PROJECT and RPC_MAX_LOG_BLOCKS', () => {
    const result = readProductionConfig({
      ...NEWCOMER,
      RPC_RATE_PER_IP: '50',
      RPC_RATE_PER_PROJECT: '5000',
      RPC_MAX_LOG_BLOCKS: '2000',
    })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.server.rpcProxy?.limits).toEqual({
      ipPerSecond: 50,
      projectPerSecond: 5000,
      maxLogBlocks: 2000,
    })
    expect(problemsOf({ ...NEWCOMER, RPC_MAX_LOG_BLOCKS: '0' })).toEqual([
      'RPC_MAX_LOG_BLOCKS must be at least 1',
    ])
  })

  it('reads an empty variable as unset, as a compose file writes one', () => {
    const result = readProductionConfig({ ...NEWCOMER, PORT: '', TRUST_PROXY: '' })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.server.port).toBe(3001)
    expect(result.config.server.trustProxy).toBeUndefined()
  })

  it('turns the dashboard on with DASHBOARD_PASSWORD only; without it there is none (404)', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.dashboard).toBeUndefined()
    const on = readProductionConfig({ ...NEWCOMER, DASHBOARD_PASSWORD: 'a long operator password' })
    if (!on.ok) throw new Error(on.problems.join('\n'))
    expect(on.config.server.dashboard).toEqual({ password: 'a long operator password' })
  })

  it('refuses a short dashboard password, and a dashboard without the secret and origin it needs', () => {
    expect(problemsOf({ ...NEWCOMER, DASHBOARD_PASSWORD: 'hunter2' })).toEqual([
      'DASHBOARD_PASSWORD must be at least 16 characters; make one with: openssl rand -base64 24',
    ])
    expect(
      problemsOf({
        DATABASE_URL: NEWCOMER.DATABASE_URL,
        RPC_URL: NEWCOMER.RPC_URL,
        CHAIN_ID: '1',
        EMAIL_LOGIN: 'off',
        SIWX: 'off',
        DASHBOARD_PASSWORD: 'a long operator password',
      }),
    ).toEqual([
      'HASH_SECRET is required with the dashboard (DASHBOARD_PASSWORD): it keys its sessions; make one with: openssl rand -hex 32',
      'PUBLIC_URL is required with the dashboard (DASHBOARD_PASSWORD): logins are accepted from that origin only',
    ])
  })

  it('turns account names on with NAMES_SUFFIX, and their ENS gateway with NAMES_GATEWAY_KEY', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.names).toBeUndefined()
    const names = readProductionConfig({ ...NEWCOMER, NAMES_SUFFIX: 'Names.Example' })
    if (!names.ok) throw new Error(names.problems.join('\n'))
    expect(names.config.server.names).toEqual({
      rpcUrl: 'http://chain:8545',
      chainId: 31337,
      suffix: 'names.example',
      gatewayKey: undefined,
    })
    const gateway = readProductionConfig({
      ...NEWCOMER,
      NAMES_SUFFIX: 'names.example',
      NAMES_GATEWAY_KEY: key('d'),
    })
    if (!gateway.ok) throw new Error(gateway.problems.join('\n'))
    expect(gateway.config.server.names?.gatewayKey).toBe(`0x${key('d')}`)
  })

  it('refuses a suffix that is no domain name, a gateway key that is no key, and a gateway without what it needs', () => {
    expect(problemsOf({ ...NEWCOMER, NAMES_SUFFIX: 'portico id', NAMES_GATEWAY_KEY: key('0') })).toEqual([
      'NAMES_SUFFIX must be a domain name such as portico.id',
      'NAMES_GATEWAY_KEY must be a private key (not zero, below the secp256k1 order)',
    ])
    expect(problemsOf({ ...NEWCOMER, NAMES_GATEWAY_KEY: 'short' })).toEqual([
      'NAMES_GATEWAY_KEY must be 64 hex characters (it signs the answers of the names gateway); make one with: openssl rand -hex 32',
      'NAMES_SUFFIX is required with NAMES_GATEWAY_KEY: the gateway answers for the names under it',
    ])
    expect(
      problemsOf({
        DATABASE_URL: NEWCOMER.DATABASE_URL,
        RPC_URL: NEWCOMER.RPC_URL,
        CHAIN_ID: '1',
        EMAIL_LOGIN: 'off',
        SIWX: 'off',
        NAMES_SUFFIX: 'names.example',
        NAMES_GATEWAY_KEY: key('d'),
      }),
    ).toEqual([
      'PUBLIC_URL is required with the names gateway (NAMES_GATEWAY_KEY): the name resolver sends ENS clients there',
    ])
  })

  it('turns the WalletConnect relay on with WC_RELAY, and wants the public URL its clients sign', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.walletConnectRelay).toBeUndefined()
    const on = readProductionConfig({ ...NEWCOMER, WC_RELAY: 'on' })
    expect(on.ok && on.config.server.walletConnectRelay).toEqual({ limits: {} })
    const capped = readProductionConfig({
      ...NEWCOMER,
      WC_RELAY: 'on',
      WC_RELAY_MAX_SOCKETS_PER_IP: '5',
      WC_RELAY_UNREAD_TTL_SECONDS: '120',
    })
    expect(capped.ok && capped.config.server.walletConnectRelay).toEqual({
      limits: { maxSocketsPerIp: 5, unreadTtlSeconds: 120 },
    })
    expect(problemsOf({ ...NEWCOMER, WC_RELAY: 'on', WC_RELAY_MAX_MAILBOX_BYTES: 'lots' })).toEqual([
      'WC_RELAY_MAX_MAILBOX_BYTES must be a whole number',
    ])
    expect(
      problemsOf({
        DATABASE_URL: NEWCOMER.DATABASE_URL,
        RPC_URL: NEWCOMER.RPC_URL,
        CHAIN_ID: '1',
        EMAIL_LOGIN: 'off',
        SIWX: 'off',
        WC_RELAY: 'on',
      }),
    ).toEqual([
      'PUBLIC_URL is required with the WalletConnect relay (WC_RELAY): clients sign the relay URL made from it',
    ])
  })

  it('serves the wallet list from the file WALLET_REGISTRY names, else the shipped one', () => {
    const shipped = readProductionConfig(NEWCOMER)
    expect(shipped.ok && shipped.config.server.walletRegistry).toBeUndefined()
    const own = readProductionConfig({ ...NEWCOMER, WALLET_REGISTRY: '/etc/portico/wallets.json' })
    expect(own.ok && own.config.server.walletRegistry).toBe('/etc/portico/wallets.json')
  })

  it('turns the on-ramp on with a Coinbase app id or a Meld key, never with a sandbox', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.onramp).toBeUndefined()
    const both = readProductionConfig({
      ...NEWCOMER,
      ONRAMP_COINBASE_APP_ID: '8f3c2a10-5d4e-4b7a-9c1e-2f6b8d0a4e71',
      ONRAMP_MELD_PUBLIC_KEY: 'WePwQh:meld-public',
      ONRAMP_EUR_PER_USD: '0.9150',
    })
    if (!both.ok) throw new Error(both.problems.join('\n'))
    expect(both.config.server.onramp).toEqual({
      coinbase: { appId: '8f3c2a10-5d4e-4b7a-9c1e-2f6b8d0a4e71' },
      meld: { publicKey: 'WePwQh:meld-public' },
      eurPerUsd: '0.9150',
    })
    const meld = readProductionConfig({ ...NEWCOMER, ONRAMP_MELD_PUBLIC_KEY: 'key' })
    expect(meld.ok && meld.config.server.onramp).toEqual({ meld: { publicKey: 'key' } })
  })

  it('refuses on-ramp values it cannot use, one line each', () => {
    expect(
      problemsOf({
        ...NEWCOMER,
        ONRAMP_COINBASE_APP_ID: 'my app',
        ONRAMP_MELD_PUBLIC_KEY: 'has space',
        ONRAMP_EUR_PER_USD: '0,92',
      }),
    ).toEqual([
      'ONRAMP_COINBASE_APP_ID must be the project id of your Coinbase Developer Platform project',
      'ONRAMP_MELD_PUBLIC_KEY must be the public key from your Meld dashboard (no spaces)',
      'ONRAMP_EUR_PER_USD must be a decimal such as 0.92 (at most 6 decimals)',
    ])
    expect(problemsOf({ ...NEWCOMER, ONRAMP_COINBASE_APP_ID: 'app', ONRAMP_EUR_PER_USD: '0' })).toEqual([
      'ONRAMP_EUR_PER_USD must be more than 0',
    ])
    expect(problemsOf({ ...NEWCOMER, ONRAMP_EUR_PER_USD: '0.92' })).toEqual([
      'ONRAMP_EUR_PER_USD has no use without a provider: set ONRAMP_COINBASE_APP_ID or ONRAMP_MELD_PUBLIC_KEY',
    ])
  })

  it('turns Sign In With Farcaster on with an OP Mainnet node, never with the development accounts', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.farcaster).toBeUndefined()
    const on = readProductionConfig({ ...NEWCOMER, FARCASTER_OPTIMISM_RPC_URL: 'https://op.example/rpc' })
    expect(on.ok && on.config.server.farcaster).toEqual({ optimismRpcUrl: 'https://op.example/rpc' })
    const relay = readProductionConfig({
      ...NEWCOMER,
      FARCASTER_OPTIMISM_RPC_URL: 'https://op.example/rpc',
      FARCASTER_RELAY_URL: 'https://relay.example',
    })
    expect(relay.ok && relay.config.server.farcaster).toEqual({
      optimismRpcUrl: 'https://op.example/rpc',
      relayUrl: 'https://relay.example',
    })
    expect(problemsOf({ ...NEWCOMER, FARCASTER_OPTIMISM_RPC_URL: 'ws://op.example' })).toEqual([
      'FARCASTER_OPTIMISM_RPC_URL must be the http(s) URL of an OP Mainnet JSON-RPC node',
    ])
  })

  it('reads the token list PORTICO_TOKEN_LIST names, and the stuck-indexing time in seconds', () => {
    const folder = mkdtempSync(join(tmpdir(), 'token-list-'))
    const path = join(folder, 'list.json')
    const usdc = { chainId: 31337, address: ADDRESS('c'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }
    const list = {
      name: 'Ours',
      timestamp: '2026-01-01T00:00:00Z',
      version: { major: 1, minor: 0, patch: 0 },
    }
    writeFileSync(path, JSON.stringify({ ...list, tokens: [usdc] }))
    const on = readProductionConfig({ ...NEWCOMER, PORTICO_TOKEN_LIST: path, INDEXER_STUCK_AFTER_S: '30' })
    if (!on.ok) throw new Error(on.problems.join('\n'))
    expect(on.config.server.chain).toMatchObject({ tokenList: [usdc], indexingStuckAfterMs: 30_000 })
    const standard = readProductionConfig(NEWCOMER)
    expect(standard.ok && standard.config.server.chain).toMatchObject({ indexingStuckAfterMs: 120_000 })
    expect(problemsOf({ ...NEWCOMER, PORTICO_TOKEN_LIST: join(folder, 'none.json') })).toEqual([
      `PORTICO_TOKEN_LIST cannot read ${join(folder, 'none.json')}: ENOENT`,
    ])
  })

  it('turns swaps on with SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS, on the configured chain', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.swaps).toBeUndefined()
    const tokens = [{ address: ADDRESS('c'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }]
    const on = readProductionConfig({
      ...NEWCOMER,
      ...SWAPS,
      SWAP_TOKENS: JSON.stringify(tokens),
      PORTICO_TOKEN_ICONS: '{"USDC":"https://icons.example/usdc.svg"}',
    })
    if (!on.ok) throw new Error(on.problems.join('\n'))
    expect(on.config.server.swaps).toEqual({
      chains: {
        31337: {
          rpcUrl: 'http://chain:8545',
          router: getAddress(ADDRESS('a')),
          factory: getAddress(ADDRESS('b')),
          weth: getAddress(ADDRESS('d')),
          tokens: [{ ...tokens[0], address: getAddress(ADDRESS('c')) }],
          tokenIcons: { USDC: 'https://icons.example/usdc.svg' },
        },
      },
    })
  })

  it('refuses swaps with a variable missing, an address that is none, or tokens it cannot offer', () => {
    expect(problemsOf({ ...NEWCOMER, SWAP_ROUTER: ADDRESS('a') })).toEqual([
      "SWAP_FACTORY is required with swaps (SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS go together): the router's factory, whose pairs the quotes are read from",
      "SWAP_WETH is required with swaps (SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS go together): the router's WETH, through which ETH is traded",
      'SWAP_TOKENS is required with swaps (SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS go together): the ERC-20s offered, as JSON',
    ])
    expect(problemsOf({ ...NEWCOMER, ...SWAPS, SWAP_TOKENS: '[{address:' })).toEqual([
      'SWAP_TOKENS must be JSON, e.g. [{"address":"0x…","symbol":"USDC","name":"USD Coin","decimals":6}]',
    ])
    const usdc = { address: ADDRESS('c'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }
    expect(
      problemsOf({
        ...NEWCOMER,
        ...SWAPS,
        SWAP_ROUTER: '0x12',
        SWAP_TOKENS: JSON.stringify([
          usdc,
          { ...usdc, decimals: 6.5 },
          { address: ADDRESS('d'), symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
        ]),
      }),
    ).toEqual([
      'SWAP_ROUTER must be 0x and 40 hex digits',
      'SWAP_TOKENS[1].decimals must be a whole number from 0 to 36',
    ])
    expect(problemsOf({ ...NEWCOMER, ...SWAPS, SWAP_TOKENS: '[]' })).toEqual([
      'SWAP_TOKENS must list at least one ERC-20 besides the native token',
    ])
    expect(
      problemsOf({
        ...NEWCOMER,
        ...SWAPS,
        SWAP_TOKENS: JSON.stringify([
          usdc,
          { ...usdc, address: ADDRESS('e') },
          { ...usdc, address: ADDRESS('d'), symbol: 'WETH' },
        ]),
      }),
    ).toEqual([
      'SWAP_TOKENS[1] lists USDC twice',
      `SWAP_TOKENS[2] must not list the WETH contract ${getAddress(ADDRESS('d'))}: the native token stands for it`,
    ])
  })
})

describe('portico-server bundler configuration', () => {
  const BUNDLER = {
    BUNDLER_KEY: key('1'),
    BUNDLER_SIMULATIONS_ARTIFACT: '/opt/aa/EntryPointSimulations.json',
  }

  it('turns the bundler on with BUNDLER_KEY, sponsorship with the paymaster pair, limits defaulting', () => {
    const off = readProductionConfig(NEWCOMER)
    expect(off.ok && off.config.server.bundler).toBeUndefined()
    const on = readProductionConfig({
      ...NEWCOMER,
      ...BUNDLER,
      ACCOUNT_FACTORY: ADDRESS('f'),
      PAYMASTER_ADDRESS: ADDRESS('e'),
      PAYMASTER_SIGNER_KEY: key('2'),
      SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: '3',
    })
    if (!on.ok) throw new Error(on.problems.join('\n'))
    expect(on.config.server.bundler).toEqual({
      chainId: 31337,
      rpcUrl: 'http://chain:8545',
      operatorKey: `0x${key('1')}`,
      simulations: { artifactPath: '/opt/aa/EntryPointSimulations.json' },
      accountFactory: getAddress(ADDRESS('f')),
      sponsorship: {
        paymaster: getAddress(ADDRESS('e')),
        signerKey: `0x${key('2')}`,
        limits: { operationsPerSenderPerDay: 3, weiPerDay: 10n ** 17n },
      },
    })
    const unsponsored = readProductionConfig({ ...NEWCOMER, ...BUNDLER })
    expect(unsponsored.ok && unsponsored.config.server.bundler?.sponsorship).toBeUndefined()
  })

  it('refuses bundler variables that are malformed, alone, or missing their partner', () => {
    expect(
      problemsOf({
        ...NEWCOMER,
        BUNDLER_KEY: 'nope',
        PAYMASTER_ADDRESS: '0x12',
        SPONSOR_LIMIT_WEI_PER_DAY: '0.1',
      }),
    ).toEqual([
      'BUNDLER_KEY must be a private key: 64 hex characters',
      'PAYMASTER_ADDRESS must be a 0x address of 40 hex digits',
      'SPONSOR_LIMIT_WEI_PER_DAY must be a whole number of wei, e.g. 100000000000000000 for 0.1 ETH',
      'BUNDLER_SIMULATIONS_ARTIFACT is required with BUNDLER_KEY: the path of EntryPointSimulations.json from @account-abstraction/contracts@0.8.0',
      'PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY go together: the paymaster and the key it trusts',
    ])
    expect(
      problemsOf({ ...NEWCOMER, PAYMASTER_ADDRESS: ADDRESS('e'), PAYMASTER_SIGNER_KEY: key('2') }),
    ).toEqual([
      'PAYMASTER_ADDRESS has no use without BUNDLER_KEY, which turns the bundler on',
      'PAYMASTER_SIGNER_KEY has no use without BUNDLER_KEY, which turns the bundler on',
    ])
    expect(
      problemsOf({
        ...NEWCOMER,
        ...BUNDLER,
        PAYMASTER_ADDRESS: ADDRESS('e'),
        PAYMASTER_SIGNER_KEY: key('1'),
      }),
    ).toEqual([
      'PAYMASTER_SIGNER_KEY must differ from BUNDLER_KEY: one pays for bundles, the other signs sponsorships',
    ])
  })
})
