import { z } from 'zod'
import type { ServerMode } from '../server-mode.ts'
import { DEV_FARCASTER_ACCOUNTS, type DevFarcasterAccount } from './dev-accounts.ts'
import { devRegistry, type FarcasterRegistry, optimismRegistry } from './registry.ts'

/** Where the Farcaster app is sent to sign a channel: Farcaster's own link to its app. */
const FARCASTER_CONNECT_URL = 'https://farcaster.xyz/~/siwf'
export const DEV_PAGE_PATH = '/dev/farcaster'

/** What `startServer` takes to offer Sign In With Farcaster. */
export type FarcasterSettings =
  /** Production: fids are read from the IdRegistry/KeyRegistry on OP Mainnet through this node. */
  | { optimismRpcUrl: string }
  /** Development: the three dev accounts stand in for the registry, and `/dev/farcaster` for the app. */
  | { development: true }

/** What `buildServer` takes. */
export interface FarcasterOptions {
  registry: FarcasterRegistry
  /** The link a channel's `url` gives the app to open (a QR code, or "Open Farcaster" on a phone). */
  connectUrlBase: string
  /** The development stand-in for the Farcaster app, with its accounts and the services' origin. */
  devApp?: { accounts: readonly DevFarcasterAccount[]; publicUrl: URL } | undefined
}

const RpcUrl = z
  .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OP Mainnet JSON-RPC node' })
  .max(2048)

/** `FARCASTER_OPTIMISM_RPC_URL` turns the sign-in on in `portico-server`. */
export const FarcasterEnvironment = z.object({ FARCASTER_OPTIMISM_RPC_URL: RpcUrl.optional() })

export function farcasterFromEnv(vars: z.output<typeof FarcasterEnvironment>): FarcasterSettings | undefined {
  return vars.FARCASTER_OPTIMISM_RPC_URL ? { optimismRpcUrl: vars.FARCASTER_OPTIMISM_RPC_URL } : undefined
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
  const url = RpcUrl.safeParse(settings.optimismRpcUrl)
  if (!url.success)
    throw new Error(`farcaster.optimismRpcUrl ${url.error.issues[0]?.message ?? 'is not valid'}`)
  return { registry: optimismRegistry(url.data), connectUrlBase: FARCASTER_CONNECT_URL }
}

export const connectUrl = (options: FarcasterOptions, channelToken: string) =>
  `${options.connectUrlBase}?${new URLSearchParams({ channelToken })}`
