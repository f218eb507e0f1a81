import { z } from 'zod'
import { integer, isOn, onOff } from '../module-settings.ts'
import { defineModule } from '../server-module.ts'
import type { RelayLimits } from './limits.ts'
import type { WalletConnectRelayOptions } from './routes.ts'
import { WC_RELAY_PATH, walletConnectRelayPlugin } from './routes.ts'
import { RelayGauge } from './stats.ts'

const RelayEnvironment = z.object({
  // Off unless asked for: mobile wallets only speak to the public relay (README, the relay).
  WC_RELAY: onOff.default(false),
  WC_RELAY_MAX_SOCKETS_PER_IP: integer(1, 1e6).optional(),
  WC_RELAY_MAX_BYTES_PER_IP: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_BYTES_PER_PROJECT: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_BYTES_PER_TOPIC: integer(1, 2 ** 40).optional(),
  WC_RELAY_MAX_MAILBOX_BYTES: integer(1, 2 ** 40).optional(),
  WC_RELAY_UNREAD_TTL_SECONDS: integer(10, 30 * 86_400).optional(),
})

/** The relay's caps the `WC_RELAY_*` variables set; the rest keep their defaults. */
function relayLimitsOf(vars: z.output<typeof RelayEnvironment>): Partial<RelayLimits> {
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

/** Clients sign the relay URL into their auth token, so it is made from the public URL. */
function relayUrlOf(publicUrl: URL | undefined): string {
  if (!publicUrl)
    throw new Error('The WalletConnect relay needs PUBLIC_URL: clients sign the relay URL it gives')
  const url = new URL(WC_RELAY_PATH, publicUrl)
  url.protocol = publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

/** The WalletConnect relay at `/v1/wc-relay`. */
export const walletConnectRelayModule = defineModule({
  name: 'wc-relay',
  settings: RelayEnvironment,
  requirements: (given) =>
    isOn(given, 'WC_RELAY', 'off') && !given.PUBLIC_URL
      ? [
          'PUBLIC_URL is required with the WalletConnect relay (WC_RELAY): clients sign the relay URL made from it',
        ]
      : [],
  configure: (vars) => (vars.WC_RELAY ? { walletConnectRelay: { limits: relayLimitsOf(vars) } } : {}),
  // For the dev wallet and the tests.
  development: () => ({ walletConnectRelay: {} }),
  setUp: ({ options, publicUrl }) =>
    options.walletConnectRelay
      ? { resources: { walletConnectRelay: { ...options.walletConnectRelay, url: relayUrlOf(publicUrl) } } }
      : undefined,
  async routes(app, { options, database, projects, relayGauge }) {
    // Its own project and origin checks: a refused relay client is told on the socket, not in HTTP.
    if (options.walletConnectRelay)
      await app.register(walletConnectRelayPlugin, {
        database,
        projects,
        gauge: relayGauge ?? new RelayGauge(),
        ...options.walletConnectRelay,
      })
  },
  describe: ({ walletConnectRelay }) =>
    walletConnectRelay ? { walletConnectRelayUrl: walletConnectRelay.url } : {},
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on the WalletConnect relay at `/v1/wc-relay`. Clients sign the relay URL into
     * their auth token, so it is made from the public URL (`ws:` or `wss:`), which production must be given.
     */
    walletConnectRelay?: Pick<WalletConnectRelayOptions, 'limits'>
  }
  interface BuildServerOptions {
    /** The WalletConnect relay at `/v1/wc-relay` (a WebSocket); absent, that path answers 404. */
    walletConnectRelay?: WalletConnectRelayOptions | undefined
  }
}
