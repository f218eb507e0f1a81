import type { AddressInfo } from 'node:net'
import type { FastifyServerOptions } from 'fastify'
import { newAdminToken, publishAdminChannel } from './admin/channel.ts'
import type { ChainOptionsInput } from './chain-data/config.ts'
import { type ChainServices, startChainServices } from './chain-data/service.ts'
import { openDatabase } from './db/database.ts'
import { type EmbeddedWalletSettings, prepareEmbedded } from './embedded/setup.ts'
import type { TrustProxy } from './http/trust-proxy.ts'
import type { SiwxOptions } from './plugins/siwx.ts'
import { ensureProject } from './projects/repository.ts'
import { buildServer } from './server.ts'

export interface StartServerOptions {
  host?: string
  port?: number
  databaseUrl?: string
  dataDir?: string
  /** A project to create or complete on start, so a local page works without any setup. */
  devProject?: { id: string; name: string; origins: string[] }
  /** Warnings and failures only by default: per-request lines would drown `npm start`'s output. */
  logger?: FastifyServerOptions['logger']
  /** Turns on e-mail login (the embedded wallet). */
  embedded?: EmbeddedWalletSettings
  /** Turns on sign-in with wallet for this chain. */
  siwx?: SiwxOptions
  /** The chain to index and serve account data for (balances, history, NFTs, prices, gas). */
  chain?: ChainOptionsInput
  /** The reverse proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`, see http/trust-proxy.ts). */
  trustProxy?: TrustProxy
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 3001
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir })
  let chain: ChainServices | undefined
  try {
    if (options.devProject) await ensureProject(database.db, options.devProject)
    const embedded = options.embedded
      ? await prepareEmbedded(options.embedded, {
          dataDir: options.dataDir,
          persistent: options.databaseUrl !== undefined || options.dataDir !== undefined,
          log: (line) => console.log(line),
        })
      : undefined
    chain = options.chain ? startChainServices(database, options.chain) : undefined
    // Only the embedded database is locked to this process; a Postgres server takes the CLI directly.
    const adminToken = options.dataDir && !options.databaseUrl ? newAdminToken() : undefined
    const app = await buildServer({
      adminToken,
      database,
      logger: options.logger ?? { level: 'warn' },
      embedded,
      siwx: options.siwx,
      chain: chain?.chainData,
      trustProxy: options.trustProxy,
    })
    try {
      await app.listen({ host, port })
    } catch (error) {
      await app.close()
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`Port ${port} is already in use — stop the other process or set SERVER_PORT`)
      }
      throw error
    }
    const { port: actualPort } = app.server.address() as AddressInfo
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
    const withdrawAdmin =
      adminToken && options.dataDir
        ? await publishAdminChannel(options.dataDir, { url, token: adminToken })
        : async () => {}
    return {
      url,
      close: async () => {
        await withdrawAdmin()
        await app.close()
        await chain?.stop()
        embedded?.mailer.close()
        await database.close()
      },
    }
  } catch (error) {
    await chain?.stop()
    await database.close()
    throw error
  }
}
