import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { RelayLimits } from './limits.ts'
import { type Outgoing, type Publisher, storeMessages } from './mailbox.ts'
import { type RpcError, RpcErrorCode } from './protocol.ts'

/** Every store takes this lock, so concurrent publishes (on any instance) cannot together pass a cap. */
const STORE_LOCK = 0x77_63_72_6c

type Caps = Pick<
  RelayLimits,
  | 'maxStoredBytesPerIp'
  | 'maxStoredBytesPerProject'
  | 'maxStoredBytesPerTopic'
  | 'maxMailboxBytes'
  | 'unreadTtlSeconds'
>

const over = (what: string, limit: number): RpcError => ({
  code: RpcErrorCode.LIMIT_EXCEEDED,
  message: `The relay already keeps ${limit} bytes of messages ${what}: wait until the peer has received them or they expire, then publish again`,
})

/**
 * Stores `messages` unless that would pass the bytes kept for the publisher's IP, its project or a
 * topic (then nothing is stored and the refusal says what to do). Messages on topics no client
 * subscribed to within the longest TTL are kept `unreadTtlSeconds` at most. Past the mailbox's
 * total, the oldest messages are dropped to make room.
 */
export async function storeWithinLimits(
  db: Kysely<Tables>,
  publisher: Publisher,
  messages: readonly Outgoing[],
  now: number,
  caps: Caps,
): Promise<RpcError | undefined> {
  if (messages.length === 0) return undefined
  const bytesOf = (list: readonly Outgoing[]) =>
    list.reduce((sum, message) => sum + Buffer.byteLength(message.message), 0)
  const adding = bytesOf(messages)
  const topics = [...new Set(messages.map((message) => message.topic))]
  const live = new Date(now)
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STORE_LOCK})`.execute(trx)
    const kept = async (column: 'ip' | 'project_id', value: string) => {
      const row = await trx
        .selectFrom('wc_relay_messages')
        .select(sql<string>`coalesce(sum(bytes), 0)::text`.as('bytes'))
        .where(column, '=', value)
        .where('expires_at', '>', live)
        .executeTakeFirst()
      return Number(row?.bytes ?? 0)
    }
    if ((await kept('ip', publisher.ip)) + adding > caps.maxStoredBytesPerIp)
      return over('from your address', caps.maxStoredBytesPerIp)
    if ((await kept('project_id', publisher.projectId)) + adding > caps.maxStoredBytesPerProject)
      return over("for this project's pages", caps.maxStoredBytesPerProject)
    const perTopic = await trx
      .selectFrom('wc_relay_messages')
      .select(['topic', sql<string>`sum(bytes)::text`.as('bytes')])
      .where('topic', 'in', topics)
      .where('expires_at', '>', live)
      .groupBy('topic')
      .execute()
    for (const topic of topics) {
      const stored = Number(perTopic.find((row) => row.topic === topic)?.bytes ?? 0)
      if (
        stored + bytesOf(messages.filter((message) => message.topic === topic)) >
        caps.maxStoredBytesPerTopic
      )
        return over('on this topic', caps.maxStoredBytesPerTopic)
    }
    const subscribed = new Set(
      (
        await trx
          .selectFrom('wc_relay_topics')
          .select('topic')
          .where('topic', 'in', topics)
          .where('subscribed_at', '>', new Date(now - MAX_TTL_MS))
          .execute()
      ).map((row) => row.topic),
    )
    const shortened = messages.map((message) =>
      subscribed.has(message.topic)
        ? message
        : { ...message, ttlSeconds: Math.min(message.ttlSeconds, caps.unreadTtlSeconds) },
    )
    await storeMessages(trx, publisher, shortened, now)
    await evictOldest(trx, caps.maxMailboxBytes)
    return undefined
  })
}

/** The longest TTL a message may have: a subscription this recent may still have a reader. */
const MAX_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** Drops the oldest messages until the newest ones together fit in `limit` bytes. */
async function evictOldest(db: Kysely<Tables>, limit: number): Promise<void> {
  const total = await db
    .selectFrom('wc_relay_messages')
    .select(sql<string>`coalesce(sum(bytes), 0)::text`.as('bytes'))
    .executeTakeFirst()
  if (Number(total?.bytes ?? 0) <= limit) return
  await sql`
    delete from wc_relay_messages where id in (
      select id from (
        select id, sum(bytes) over (order by id desc) as newer from wc_relay_messages
      ) ranked where newer > ${limit}
    )`.execute(db)
}

/** Marks `topics` as read by someone: messages published on them keep their full TTL. */
export async function recordSubscriptions(
  db: Kysely<Tables>,
  topics: readonly string[],
  now: number,
): Promise<void> {
  if (topics.length === 0) return
  const at = new Date(now)
  await db
    .insertInto('wc_relay_topics')
    .values([...new Set(topics)].map((topic) => ({ topic, subscribed_at: at })))
    .onConflict((conflict) => conflict.column('topic').doUpdateSet({ subscribed_at: at }))
    .execute()
}

/** Deletes topics nobody subscribed to within the longest TTL. */
export async function pruneTopics(db: Kysely<Tables>, now: number): Promise<void> {
  await db
    .deleteFrom('wc_relay_topics')
    .where('subscribed_at', '<=', new Date(now - MAX_TTL_MS))
    .execute()
}

/** What the mailbox holds, for `/health/ready` and the dashboard. */
export async function mailboxSize(db: Kysely<Tables>): Promise<{ messages: number; bytes: number }> {
  const row = await db
    .selectFrom('wc_relay_messages')
    .select([
      sql<string>`count(*)::text`.as('messages'),
      sql<string>`coalesce(sum(bytes), 0)::text`.as('bytes'),
    ])
    .executeTakeFirst()
  return { messages: Number(row?.messages ?? 0), bytes: Number(row?.bytes ?? 0) }
}

/** What one project's relay clients keep in the mailbox now (unexpired), for the dashboard. */
export async function projectMailbox(
  db: Kysely<Tables>,
  projectId: string,
  now: Date,
): Promise<{ messages: number; bytes: number }> {
  const row = await db
    .selectFrom('wc_relay_messages')
    .select([
      sql<string>`count(*)::text`.as('messages'),
      sql<string>`coalesce(sum(bytes), 0)::text`.as('bytes'),
    ])
    .where('project_id', '=', projectId)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return { messages: Number(row?.messages ?? 0), bytes: Number(row?.bytes ?? 0) }
}
