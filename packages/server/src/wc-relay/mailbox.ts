import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { WC_RELAY_CHANNEL } from '../db/migrations/0015_wc_relay.ts'
import type { Tables } from '../db/tables.ts'

/** One message to store on a topic. */
export interface Outgoing {
  topic: string
  message: string
  tag: number
  ttlSeconds: number
  attestation?: string | undefined
}

/** A stored message as the relay hands it to a subscriber. */
export interface StoredMessage {
  id: string
  topic: string
  message: string
  tag: number
  attestation: string | null
  publisher: string
  publishedAt: number
}

/** Who published: the socket's client id, IP and project, which the mailbox's caps count by. */
export interface Publisher {
  clientId: string
  ip: string
  projectId: string
}

/**
 * Stores messages from `publisher` and, in the same statement, announces each new one on the relay's
 * channel (once committed, to every instance on the database). A message already waiting on its
 * topic (a client retrying a publish it got no answer to) is neither stored nor announced again.
 */
export async function storeMessages(
  db: Kysely<Tables>,
  publisher: Publisher,
  messages: readonly Outgoing[],
  now: number,
): Promise<void> {
  if (messages.length === 0) return
  const rows = messages.map((outgoing) => ({
    topic: outgoing.topic,
    message: outgoing.message,
    message_hash: createHash('sha256').update(outgoing.message).digest('hex'),
    tag: outgoing.tag,
    attestation: outgoing.attestation ?? null,
    publisher: publisher.clientId,
    ip: publisher.ip,
    project_id: publisher.projectId,
    bytes: Buffer.byteLength(outgoing.message),
    published_at: new Date(now),
    expires_at: new Date(now + outgoing.ttlSeconds * 1000),
  }))
  await db
    .with('stored', (query) =>
      query
        .insertInto('wc_relay_messages')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['topic', 'message_hash']).doNothing())
        .returning(['id', 'topic']),
    )
    .selectFrom('stored')
    .select(sql<string>`pg_notify(${WC_RELAY_CHANNEL}, stored.id || ':' || stored.topic)`.as('notified'))
    .execute()
}

/**
 * What waits for `clientId` on `topics`, oldest first (from after the message `after`, to page): not
 * expired, not its own, not acknowledged by it before. `limit + 1` are read so the caller can tell
 * whether more are waiting.
 */
export async function waitingFor(
  db: Kysely<Tables>,
  clientId: string,
  topics: readonly string[],
  { now, limit, after = '0' }: { now: number; limit: number; after?: string | undefined },
): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
  if (topics.length === 0) return { messages: [], hasMore: false }
  const rows = await db
    .selectFrom('wc_relay_messages as m')
    .selectAll('m')
    .where('m.topic', 'in', topics)
    .where('m.id', '>', after)
    .where('m.publisher', '<>', clientId)
    .where('m.expires_at', '>', new Date(now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('wc_relay_acks as a')
            .select('a.message_id')
            .whereRef('a.message_id', '=', 'm.id')
            .where('a.client_id', '=', clientId),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(limit + 1)
    .execute()
  return { messages: rows.slice(0, limit).map(toStored), hasMore: rows.length > limit }
}

/** The message an announcement names, unless it expired meanwhile. */
export async function messageById(
  db: Kysely<Tables>,
  id: string,
  now: number,
): Promise<StoredMessage | undefined> {
  const row = await db
    .selectFrom('wc_relay_messages')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst()
  return row && toStored(row)
}

/** Records that `clientId` took these messages; one pruned meanwhile is skipped, not an error. */
export async function acknowledge(
  db: Kysely<Tables>,
  clientId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return
  await db
    .insertInto('wc_relay_acks')
    .columns(['message_id', 'client_id'])
    .expression((query) =>
      query
        .selectFrom('wc_relay_messages')
        .select(['id', sql<string>`${clientId}::text`.as('client_id')])
        .where('id', 'in', ids),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/** Deletes expired messages (their acknowledgements go with them); answers how many. */
export async function pruneExpired(db: Kysely<Tables>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('wc_relay_messages')
    .where('expires_at', '<=', new Date(now))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

function toStored(row: {
  id: string
  topic: string
  message: string
  tag: string | number
  attestation: string | null
  publisher: string
  published_at: Date
}): StoredMessage {
  return {
    id: String(row.id),
    topic: row.topic,
    message: row.message,
    tag: Number(row.tag),
    attestation: row.attestation,
    publisher: row.publisher,
    publishedAt: row.published_at.getTime(),
  }
}
