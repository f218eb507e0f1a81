import { z } from 'zod'
import type { ServerMode } from '../server-mode.ts'
import { DEV_FARCASTER_ACCOUNTS, type DevFarcasterAccount } from './dev-accounts.ts'
import { devRegistry, type FarcasterRegistry, optimismRegistry } from './registry.ts'

/** Where the Farcaster app is sent to sign a channel: Farcaster's own link to its app. */
const FARCASTER_CONNECT_URL = 'https://farcaster.xyz/~/siwf'
/** The relay the Farcaster app completes channels on. */
const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'
export const DEV_PAGE_PATH = '/dev/farcaster'

/** What `startServer` takes to offer Sign In With Farcaster. */
export type FarcasterSettings =
  /**
   * Production: channels are opened on Farcaster's relay (`relayUrl`, default
   * https://relay.farcaster.xyz), where the Farcaster app completes them; fids are read from the
   * IdRegistry/KeyRegistry on OP Mainnet through this node.
   */
  | { optimismRpcUrl: string; relayUrl?: string | undefined }
  /** Development: the three dev accounts stand in for the registry, and `/dev/farcaster` for the app. */
  | { development: true }

/** What `buildServer` takes. */
export interface FarcasterOptions {
  registry: FarcasterRegistry
  /** The link a channel's `url` gives the app to open (a QR code, or "Open Farcaster" on a phone). */
  connectUrlBase: string
  /** Farcaster's relay, where channels are opened and read (production); absent, channels are ours alone. */
  upstreamRelay?: string | undefined
  /** The development stand-in for the Farcaster app, with its accounts and the services' origin. */
  devApp?: { accounts: readonly DevFarcasterAccount[]; publicUrl: URL } | undefined
}

const RpcUrl = z
  .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OP Mainnet JSON-RPC node' })
  .max(2048)
const RelayUrl = z
  .url({ protocol: /^https?$/, error: 'must be the http(s) URL of a Sign In With Farcaster relay' })
  .max(2048)
  .transform((url) => url.replace(/\/+$/, ''))

/** `FARCASTER_OPTIMISM_RPC_URL` turns the sign-in on in `portico-server`; `FARCASTER_RELAY_URL` moves its relay. */
export const FarcasterEnvironment = z.object({
  FARCASTER_OPTIMISM_RPC_URL: RpcUrl.optional(),
  FARCASTER_RELAY_URL: RelayUrl.optional(),
})

export function farcasterFromEnv(vars: z.output<typeof FarcasterEnvironment>): FarcasterSettings | undefined {
  if (!vars.FARCASTER_OPTIMISM_RPC_URL) return undefined
  return {
    optimismRpcUrl: vars.FARCASTER_OPTIMISM_RPC_URL,
    ...(vars.FARCASTER_RELAY_URL ? { relayUrl: vars.FARCASTER_RELAY_URL } : {}),
  }
}

/** The settings checked before anything opens; the development stand-in outside development stops the start. */
export function prepareFarcaster(
  settings: FarcasterSettings,
  context: { mode: ServerMode; publicUrl: URL | undefined },
): FarcasterOptions {
  if ('development' in settings) {
    const { publicUrl } = context
    if (context.mode !== 'development' || !publicUrl)
      throw new Error(
        'The development Farcaster accounts sign with public keys: they run in development only',
      )
    return {
      registry: devRegistry(DEV_FARCASTER_ACCOUNTS),
      connectUrlBase: `${publicUrl.origin}${DEV_PAGE_PATH}`,
      devApp: { accounts: DEV_FARCASTER_ACCOUNTS, publicUrl },
    }
  }
  const rpcUrl = checked(RpcUrl, settings.optimismRpcUrl, 'farcaster.optimismRpcUrl')
  return {
    registry: optimismRegistry(rpcUrl),
    connectUrlBase: FARCASTER_CONNECT_URL,
    upstreamRelay: checked(RelayUrl, settings.relayUrl ?? FARCASTER_RELAY_URL, 'farcaster.relayUrl'),
  }
}

export const connectUrl = (options: FarcasterOptions, channelToken: string) =>
  `${options.connectUrlBase}?${new URLSearchParams({ channelToken })}`

function checked<T>(schema: z.ZodType<T, string>, value: string, name: string): T {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(`${name} ${result.error.issues[0]?.message ?? 'is not valid'}`)
  return result.data
}
