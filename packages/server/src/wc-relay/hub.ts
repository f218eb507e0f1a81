import type { Database } from '../db/database.ts'
import { WC_RELAY_CHANNEL } from '../db/migrations/0015_wc_relay.ts'
import type { StoredMessage } from './mailbox.ts'

/** A socket on this instance, as the hub sees it. */
export interface Subscriber {
  /** A message stored on one of its topics (by any instance); it decides whether to send it. */
  offer(message: StoredMessage): void
  /** Announcements may have been missed: it reads what waits for it from the mailbox. */
  catchUp(): Promise<void>
}

export interface RelayHub {
  add(topic: string, subscriber: Subscriber): void
  remove(topic: string, subscriber: Subscriber): void
  stop(): Promise<void>
}

/**
 * Who on this instance is subscribed to what, fed by the database's announcements: every stored
 * message is announced to every instance (Postgres LISTEN/NOTIFY, or PGlite's in-process channel),
 * and an instance with a subscriber on its topic reads it and offers it to them. The mailbox stays
 * the truth: while the announcements are not heard, nothing is lost, and once they are heard again
 * every subscriber reads what it missed.
 */
export async function startHub(
  database: Database,
  read: (id: string) => Promise<StoredMessage | undefined>,
  log: (line: string) => void,
): Promise<RelayHub> {
  const topics = new Map<string, Set<Subscriber>>()
  // Until the first LISTEN is in place (Postgres connects in the background) announcements can be missed too.
  let missed = true
  // One announcement at a time, so messages reach a socket in the order they were stored.
  let delivering = Promise.resolve()

  const deliver = async (payload: string) => {
    const [id, topic] = payload.split(':')
    if (id === undefined || topic === undefined || !topics.has(topic)) return
    const message = await read(id)
    if (!message) return
    for (const subscriber of topics.get(topic) ?? []) subscriber.offer(message)
  }
  const failed = (error: unknown) =>
    log(`wc-relay: delivery failed: ${error instanceof Error ? error.message : String(error)}`)

  const stopListening = await database.listen(WC_RELAY_CHANNEL, {
    onMessage(payload) {
      delivering = delivering.then(() => deliver(payload)).catch(failed)
    },
    onListening() {
      if (!missed) return
      missed = false
      const everyone = new Set([...topics.values()].flatMap((set) => [...set]))
      for (const subscriber of everyone) subscriber.catchUp().catch(failed)
    },
    onLost() {
      missed = true
    },
  })

  return {
    add(topic, subscriber) {
      const set = topics.get(topic) ?? new Set()
      set.add(subscriber)
      topics.set(topic, set)
    },
    remove(topic, subscriber) {
      const set = topics.get(topic)
      set?.delete(subscriber)
      if (set?.size === 0) topics.delete(topic)
    },
    async stop() {
      await stopListening()
      await delivering
    },
  }
}
