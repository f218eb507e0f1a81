import { createHash } from 'node:crypto'
import type { RawData, WebSocket } from 'ws'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import type { Subscriber } from './hub.ts'
import { acknowledge, type Publisher, type StoredMessage, waitingFor } from './mailbox.ts'
import { type RelayClient, type RelayContext, runMethod } from './methods.ts'
import {
  errorFrame,
  type Method,
  type RpcError,
  RpcErrorCode,
  type RpcId,
  readFrame,
  resultFrame,
} from './protocol.ts'
import { tokenBucket } from './rate-limit.ts'

/** Pushed messages a socket may leave unanswered; past this the oldest are forgotten (and sent again on its next subscribe). */
const MAX_AWAITING = 1000
/** Messages read from the mailbox at once when a socket subscribes or catches up. */
const FLUSH_BATCH = 500
/** Close code for a socket that kept sending over its rate limit (RFC 6455 "policy violation"). */
export const POLICY_VIOLATION = 1008

/**
 * One client's socket: its subscriptions, its rate limit, and the messages pushed to it that it
 * has not acknowledged yet. Requests are answered in the order they came; a request that fails
 * inside answers a JSON-RPC error and the socket carries on.
 */
export class RelayConnection implements Subscriber, RelayClient {
  /** Topic → subscription id: sha256(topic + client id), what the clients compute themselves. */
  readonly subscriptions = new Map<string, string>()
  /** Whether it answered the last ping. */
  alive = true
  private readonly awaiting = new Map<number, string>()
  private readonly offered = new Set<string>()
  private readonly bucket: { take(): boolean }
  private refusedInRow = 0
  private nextPushId = Date.now() * 1000
  private work = Promise.resolve()
  private closed = false

  readonly clientId: string

  constructor(
    private readonly socket: WebSocket,
    readonly publisher: Publisher,
    readonly context: RelayContext,
  ) {
    this.clientId = publisher.clientId
    this.bucket = tokenBucket(context.limits, context.now)
    socket.on('message', (data, isBinary) => this.receive(data, isBinary))
    socket.on('pong', () => {
      this.alive = true
    })
    socket.on('close', () => this.forget())
  }

  private receive(data: RawData, isBinary: boolean): void {
    const frame = isBinary
      ? ({
          kind: 'invalid',
          id: null,
          error: { code: RpcErrorCode.INVALID_REQUEST, message: 'Invalid request: text frames only' },
        } as const)
      : readFrame(data.toString())
    if (frame.kind === 'response' && this.acknowledged(frame.id, frame.ok)) return
    if (!this.bucket.take()) {
      this.send(
        errorFrame(frame.kind === 'response' ? null : frame.id, {
          code: RpcErrorCode.LIMIT_EXCEEDED,
          message: 'Rate limit exceeded',
        }),
      )
      this.refusedInRow += 1
      if (this.refusedInRow >= this.context.limits.refusalsBeforeClose)
        this.socket.close(POLICY_VIOLATION, 'Rate limit exceeded')
      return
    }
    this.refusedInRow = 0
    if (frame.kind === 'invalid') this.send(errorFrame(frame.id, frame.error))
    if (frame.kind !== 'request') return
    this.work = this.work.then(() => this.answer(frame.id, frame.method, frame.params))
  }

  private async answer(id: RpcId, method: Method, params: unknown): Promise<void> {
    if (this.closed) return
    try {
      const outcome = await runMethod(this, method, params)
      if ('error' in outcome) {
        this.send(errorFrame(id, outcome.error))
        return
      }
      this.send(resultFrame(id, outcome.result))
      // After the answer: a client takes a subscription as made once it hears back.
      if (outcome.afterwards) await outcome.afterwards()
    } catch (error) {
      this.send(errorFrame(id, this.internal(method, error)))
    }
  }

  /** Subscribes to topics; refused whole when it would pass the socket's limit. */
  subscribe(topics: readonly string[]): string[] | RpcError {
    const fresh = new Set(topics.filter((topic) => !this.subscriptions.has(topic)))
    if (this.subscriptions.size + fresh.size > this.context.limits.maxSubscriptions)
      return {
        code: RpcErrorCode.LIMIT_EXCEEDED,
        message: `Too many subscriptions (at most ${this.context.limits.maxSubscriptions} per socket)`,
      }
    for (const topic of fresh) {
      this.subscriptions.set(
        topic,
        createHash('sha256')
          .update(topic + this.clientId)
          .digest('hex'),
      )
      this.context.hub.add(topic, this)
    }
    return topics.map((topic) => this.subscriptions.get(topic) as string)
  }

  unsubscribe(topic: string): void {
    if (this.subscriptions.delete(topic)) this.context.hub.remove(topic, this)
  }

  /** Pushes what waits in the mailbox on `topics`, every page of it. */
  async flush(topics: readonly string[]): Promise<void> {
    let after: string | undefined
    for (;;) {
      const { messages, hasMore } = await waitingFor(this.context.db, this.clientId, topics, {
        now: this.context.now(),
        limit: FLUSH_BATCH,
        after,
      })
      for (const message of messages) this.offer(message)
      after = messages.at(-1)?.id
      if (!hasMore || this.closed) return
    }
  }

  offer(message: StoredMessage): void {
    const subscription = this.subscriptions.get(message.topic)
    if (this.closed || !subscription || message.publisher === this.clientId || this.offered.has(message.id))
      return
    const pushId = this.nextPushId++
    this.remember(pushId, message.id)
    const data = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
      ...(message.attestation === null ? {} : { attestation: message.attestation }),
    }
    this.send(
      JSON.stringify({
        id: pushId,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscription, data },
      }),
    )
  }

  async catchUp(): Promise<void> {
    await this.flush([...this.subscriptions.keys()])
  }

  /** Ends a socket that did not answer the last ping; otherwise pings it again. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate()
      return
    }
    this.alive = false
    this.socket.ping()
  }

  private acknowledged(pushId: RpcId, ok: boolean): boolean {
    const messageId = typeof pushId === 'number' ? this.awaiting.get(pushId) : undefined
    if (messageId === undefined) return false
    this.awaiting.delete(pushId as number)
    if (!ok) {
      this.offered.delete(messageId)
      return true
    }
    acknowledge(this.context.db, this.clientId, [messageId])
      .then(() => this.offered.delete(messageId))
      .catch((error: unknown) => {
        this.offered.delete(messageId)
        this.context.log(`wc-relay: recording an acknowledgement failed: ${String(error)}`)
      })
    return true
  }

  private remember(pushId: number, messageId: string): void {
    if (this.awaiting.size >= MAX_AWAITING) {
      const [oldest, forgotten] = this.awaiting.entries().next().value as [number, string]
      this.awaiting.delete(oldest)
      this.offered.delete(forgotten)
    }
    this.awaiting.set(pushId, messageId)
    this.offered.add(messageId)
  }

  private internal(method: string, error: unknown): RpcError {
    if (error instanceof DatabaseUnavailableError)
      return {
        code: RpcErrorCode.UNAVAILABLE,
        message: 'The relay cannot store or read messages right now: try again shortly',
      }
    this.context.log(
      `wc-relay: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    return { code: RpcErrorCode.INTERNAL, message: 'Internal error' }
  }

  private send(frame: string): void {
    if (!this.closed) this.socket.send(frame)
  }

  private forget(): void {
    this.closed = true
    for (const topic of this.subscriptions.keys()) this.context.hub.remove(topic, this)
    this.subscriptions.clear()
  }
}
