import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import type { Address } from 'viem'
import type { Database } from './db/database.ts'
import type { TrustProxy } from './http/trust-proxy.ts'
import type { ServerMode } from './server-mode.ts'

/**
 * What `startServer` and `buildServer` take: here the options of the server itself; each domain adds
 * its own in its `module.ts` (`declare module '../server-options.ts'`), so a new domain touches only
 * its folder and the list in modules.ts.
 */
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
  /**
   * 64 hex characters (`HASH_SECRET`) that key the stored hashes of login codes, approval links and
   * session tokens. Required in production with e-mail login or sign-in with wallet; in development
   * one is kept in `<dataDir>/hash.key` (without a data folder, one lasts as long as the process).
   */
  hashSecret?: string
  /** The reverse proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`, see http/trust-proxy.ts). */
  trustProxy?: TrustProxy
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
  /** Which reverse proxies' `X-Forwarded-For` to believe for the visitor's address (http/trust-proxy.ts). */
  trustProxy?: TrustProxy
}
