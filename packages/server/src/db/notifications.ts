import { randomUUID } from 'node:crypto'
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
/** Payloads of the listeners' own round trips: no listener passes them on. */
const HEARTBEAT_PREFIX = 'portico:heartbeat:'

/** How often a listener sends itself a message on its channel, and how soon it must hear it back. */
export interface Heartbeat {
  everyMs: number
  withinMs: number
}
const HEARTBEAT: Heartbeat = { everyMs: 5_000, withinMs: 5_000 }

/**
 * Listens on a dedicated connection outside the pool (a LISTEN must outlive any one query), and
 * reconnects after a second whenever that connection fails, for as long as it is not stopped.
 *
 * A connection can also go silent without failing (a proxy or a network that drops packets, a
 * frozen server process): it then looks alive while every announcement is lost. So the listener
 * sends itself a message through the channel every few seconds; one not heard back in time counts
 * as a lost connection, and the caches that trust the channel stop serving from memory.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
  warn: (line: string) => void = console.error,
  heartbeat: Heartbeat = HEARTBEAT,
): StopListening {
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const connect = async () => {
    const current = new pg.Client({ ...postgresConnection(connectionString), keepAlive: true })
    client = current
    let lost = false
    let beat: NodeJS.Timeout | undefined
    let awaited: { payload: string; timer: NodeJS.Timeout } | undefined
    const lose = (error?: Error) => {
      if (lost) return
      lost = true
      clearInterval(beat)
      clearTimeout(awaited?.timer)
      handlers.onLost()
      if (stopped) return
      if (error) warn(`postgres: notifications on ${channel} lost (${error.message}), reconnecting`)
      void current.end().catch(() => {})
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS)
    }
    const sendHeartbeat = () => {
      if (awaited) return
      const payload = `${HEARTBEAT_PREFIX}${randomUUID()}`
      const timer = setTimeout(
        () => lose(new Error(`its own message was not heard back within ${heartbeat.withinMs} ms`)),
        heartbeat.withinMs,
      )
      awaited = { payload, timer }
      current.query('select pg_notify($1, $2)', [channel, payload]).catch(() => {})
    }
    current.on('error', lose)
    current.on('end', () => lose())
    current.on('notification', (message) => {
      if (lost || message.channel !== channel) return
      const payload = message.payload ?? ''
      if (!payload.startsWith(HEARTBEAT_PREFIX)) return handlers.onMessage(payload)
      if (payload !== awaited?.payload) return
      clearTimeout(awaited.timer)
      awaited = undefined
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${current.escapeIdentifier(channel)}`)
      if (lost || stopped) return
      handlers.onListening()
      beat = setInterval(sendHeartbeat, heartbeat.everyMs)
      beat.unref()
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
