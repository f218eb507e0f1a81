import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { postgresConnection } from './postgres-connection.ts'

/**
 * What a listener hears on a channel. Between `onLost` and the next `onListening`, messages may
 * have been missed, so whoever caches on the strength of them must stop trusting the cache.
 */
export interface ChannelHandlers {
  onMessage(payload: string): void
  onListening(): void
  onLost(): void
}

/** Stops listening; resolves once the connection is closed. */
export type StopListening = () => Promise<void>

const RECONNECT_DELAY_MS = 1_000

/**
 * Listens on a dedicated connection outside the pool (a LISTEN must outlive any one query), and
 * reconnects after a second whenever that connection fails, for as long as it is not stopped.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
  warn: (line: string) => void = console.error,
): StopListening {
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const connect = async () => {
    const current = new pg.Client(postgresConnection(connectionString))
    client = current
    let lost = false
    const lose = (error?: Error) => {
      if (lost) return
      lost = true
      handlers.onLost()
      if (stopped) return
      if (error) warn(`postgres: notifications on ${channel} lost (${error.message}), reconnecting`)
      void current.end().catch(() => {})
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS)
    }
    current.on('error', lose)
    current.on('end', () => lose())
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '')
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${current.escapeIdentifier(channel)}`)
      if (!lost && !stopped) handlers.onListening()
    } catch (error) {
      lose(error as Error)
    }
  }
  void connect()

  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}

/** PGlite is one in-process session: a message arrives before the committing query resolves, and is never lost. */
export async function listenOnPglite(
  pglite: PGlite,
  channel: string,
  handlers: ChannelHandlers,
): Promise<StopListening> {
  const unlisten = await pglite.listen(channel, handlers.onMessage)
  handlers.onListening()
  return async () => {
    handlers.onLost()
    // Closing the database ends every subscription with it.
    if (!pglite.closed) await unlisten()
  }
}
