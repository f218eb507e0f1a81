import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { RelayHub } from './hub.ts'
import type { RelayLimits } from './limits.ts'
import { acknowledge, type Outgoing, type Publisher, waitingFor } from './mailbox.ts'
import {
  MAX_BATCH_TOPICS,
  type Method,
  type Params,
  type PublishParams,
  type RpcError,
  RpcErrorCode,
  readParams,
  SessionTag,
} from './protocol.ts'
import { recordSubscriptions, storeWithinLimits } from './quota.ts'

export interface RelayContext {
  db: Kysely<Tables>
  hub: RelayHub
  limits: RelayLimits
  now: () => number
  log: (line: string) => void
}

/** What the methods need of the socket that asked (`RelayConnection`). */
export interface RelayClient {
  readonly clientId: string
  /** Its client id, IP and project: what the mailbox's caps count by. */
  readonly publisher: Publisher
  readonly context: RelayContext
  /** Subscription ids in the order of `topics`, or the refusal when the socket's limit would be passed. */
  subscribe(topics: readonly string[]): string[] | RpcError
  unsubscribe(topic: string): void
  /** Pushes what waits in the mailbox on `topics`. */
  flush(topics: readonly string[]): Promise<void>
}

/** A method's answer, and what to do once it is sent (push what waits on a new subscription). */
export type Outcome = { result: unknown; afterwards?: () => Promise<void> } | { error: RpcError }

type Handlers = { [M in Method]: (client: RelayClient, params: Params<M>) => Outcome | Promise<Outcome> }

const HANDLERS: Handlers = {
  irn_subscribe: (client, { topic }) => subscribed(client, [topic], (ids) => ids[0]),
  irn_batchSubscribe: (client, { topics }) => subscribed(client, topics, (ids) => ids),
  irn_unsubscribe: (client, { topic }) => {
    client.unsubscribe(topic)
    return { result: true }
  },
  irn_batchUnsubscribe: (client, { subscriptions }) => {
    for (const { topic } of subscriptions) client.unsubscribe(topic)
    return { result: true }
  },
  irn_publish: (client, params) => published(client, [outgoing(params)]),
  irn_batchPublish: (client, { messages }) => published(client, messages.map(outgoing)),
  irn_fetchMessages: (client, { topic }) => fetched(client, [topic]),
  irn_batchFetchMessages: (client, { topics }) => fetched(client, topics),
  // sign-client 2.21 leaves it to the relay to subscribe the dapp to the pairing topic and deliver
  // the proposal there, in one request.
  wc_proposeSession: (client, { pairingTopic, sessionProposal, ttl, attestation }) =>
    subscribedAndPublished(client, pairingTopic, [
      {
        topic: pairingTopic,
        message: sessionProposal,
        tag: SessionTag.PROPOSE,
        ttlSeconds: ttl,
        attestation,
      },
    ]),
  // The wallet's approval: it is subscribed to the new session topic, the dapp gets the proposal's
  // answer on the pairing topic and the session's settlement on the session topic.
  wc_approveSession: (client, params) =>
    subscribedAndPublished(client, params.sessionTopic, [
      {
        topic: params.pairingTopic,
        message: params.sessionProposalResponse,
        tag: SessionTag.PROPOSE_RESPONSE,
        ttlSeconds: params.ttl,
      },
      {
        topic: params.sessionTopic,
        message: params.sessionSettlementRequest,
        tag: SessionTag.SETTLE,
        ttlSeconds: params.ttl,
      },
    ]),
}

/** Runs one request of `client`: params checked, then the method. */
export async function runMethod(client: RelayClient, method: Method, raw: unknown): Promise<Outcome> {
  const read = readParams(method, raw)
  if ('error' in read) return read
  return (HANDLERS[method] as (client: RelayClient, params: unknown) => Outcome | Promise<Outcome>)(
    client,
    read.params,
  )
}

async function subscribed(
  client: RelayClient,
  topics: string[],
  answer: (ids: string[]) => unknown,
): Promise<Outcome> {
  const ids = client.subscribe(topics)
  if (!Array.isArray(ids)) return { error: ids }
  await recordSubscriptions(client.context.db, topics, client.context.now())
  return { result: answer(ids), afterwards: () => client.flush(topics) }
}

async function published(client: RelayClient, messages: Outgoing[]): Promise<Outcome> {
  const refusal = sizeRefusal(client, messages) ?? (await store(client, messages))
  if (refusal) return { error: refusal }
  return { result: true }
}

const store = (client: RelayClient, messages: Outgoing[]) =>
  storeWithinLimits(
    client.context.db,
    client.publisher,
    messages,
    client.context.now(),
    client.context.limits,
  )

async function subscribedAndPublished(
  client: RelayClient,
  topic: string,
  messages: Outgoing[],
): Promise<Outcome> {
  const refusal = sizeRefusal(client, messages)
  if (refusal) return { error: refusal }
  const ids = client.subscribe([topic])
  if (!Array.isArray(ids)) return { error: ids }
  await recordSubscriptions(client.context.db, [topic], client.context.now())
  const over = await store(client, messages)
  if (over) return { error: over }
  return { result: true, afterwards: () => client.flush([topic]) }
}

function sizeRefusal(client: RelayClient, messages: Outgoing[]): RpcError | undefined {
  const limit = client.context.limits.maxMessageBytes
  if (messages.every((message) => Buffer.byteLength(message.message) <= limit)) return undefined
  return {
    code: RpcErrorCode.INVALID_PARAMS,
    message: `Invalid params: a message is larger than ${limit} bytes`,
  }
}

/**
 * What waits on `topics`, answered rather than pushed. Nothing acknowledges an answer, so what it
 * hands over counts as taken: the next fetch moves on, and `hasMore` can be believed.
 */
async function fetched(client: RelayClient, topics: string[]): Promise<Outcome> {
  const { db, now } = client.context
  const { messages, hasMore } = await waitingFor(db, client.clientId, topics, {
    now: now(),
    limit: MAX_BATCH_TOPICS,
  })
  await acknowledge(
    db,
    client.clientId,
    messages.map((message) => message.id),
  )
  return {
    result: {
      messages: messages.map(({ topic, message, publishedAt, tag, attestation }) => ({
        topic,
        message,
        publishedAt,
        tag,
        ...(attestation === null ? {} : { attestation }),
      })),
      hasMore,
    },
  }
}

const outgoing = (params: PublishParams): Outgoing => ({
  topic: params.topic,
  message: params.message,
  tag: params.tag,
  ttlSeconds: params.ttl,
  attestation: params.attestation,
})
