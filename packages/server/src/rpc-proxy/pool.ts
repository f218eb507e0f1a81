import { ResponseBodyTooLargeError, TimeoutError, withRetry } from 'viem'
import { getHttpRpcClient, type HttpRpcClient } from 'viem/utils'
import { AllTriesFailed, hedge } from './hedge.ts'
import { Lru } from './lru.ts'
import type { Outcome, RpcCall, RpcErrorObject } from './messages.ts'
import { FILTER_CREATORS, FILTER_USERS } from './methods.ts'
import { MAX_SPLITS, splitForSize, tooLarge } from './oversize.ts'
import {
  isNodeAnswer,
  isTransportTrouble,
  retryAfterMs,
  shortReason,
  UpstreamsFailed,
} from './upstream-errors.ts'
import { RANKING, type RankingSettings, UpstreamRanking } from './upstreams.ts'

/** How calls go upstream: the numbers of viem's http transport, and the proxy's own. */
export const FORWARDING = {
  /** One upstream's time to answer one HTTP request. */
  timeoutMs: 10_000,
  /** Rounds over the upstreams after the first, each after `retryDelayMs × 2^n`, or `Retry-After`. */
  retryCount: 3,
  retryDelayMs: 150,
  /**
   * An upstream that has not answered in this time is not waited for alone: the next is asked as
   * well and the first answer taken, so a node that accepts connections and never answers costs
   * a caller this, not the whole timeout.
   */
  hedgeAfterMs: 1_500,
  /** An upstream that timed out, or that the next one overtook, is asked after the others this long. */
  demoteMs: 30_000,
  /** The largest answer taken from an upstream (viem's default); a larger one is asked in parts. */
  maxResponseBytes: 10 * 2 ** 20,
  /**
   * The longest a read at `latest` (and `eth_blockNumber`) is answered from memory (head-cache.ts),
   * should no newer block be seen before: a quarter of a second, under any chain's block time.
   */
  latestMaxAgeMs: 250,
} as const

export type PoolSettings = Record<keyof typeof FORWARDING, number> & RankingSettings

/** JSON-RPC's "server error" range, as a node answers for a filter it does not have. */
const FILTER_NOT_FOUND: RpcErrorObject = { code: -32000, message: 'filter not found' }
/** EIP-1474's code for a resource that is not available; the caller may try again. */
const RESOURCE_UNAVAILABLE = -32002
/** Filters created through the proxy whose upstream is remembered. */
const PINNED_FILTERS = 8192

/**
 * The upstreams of one chain: calls go to the best ranked one as one HTTP request (a batch stays a
 * batch), hedged to the next when it is slow (hedge.ts); an upstream that fails (unreachable, timed
 * out, an HTTP error status, not JSON-RPC) hands them to the next; when all failed in transport, the
 * round is tried again up to 3 times. An upstream that answers with `Retry-After` is not asked again
 * before that time. An answer over the size cap is neither retried nor asked elsewhere: the calls are
 * asked again in parts (oversize.ts). A node's own JSON-RPC errors (a revert, a bad parameter) are
 * answers and go back unchanged.
 */
export class UpstreamPool {
  private readonly clients = new Map<string, HttpRpcClient>()
  private readonly restingUntil = new Map<string, number>()
  private readonly demotedUntil = new Map<string, number>()
  /** A filter lives on the node that made it, so its later calls go there (filter id → URL). */
  private readonly filters = new Lru<string>(PINNED_FILTERS)
  private readonly ranking: UpstreamRanking

  constructor(
    urls: readonly string[],
    private readonly settings: PoolSettings = { ...FORWARDING, ...RANKING },
  ) {
    for (const url of urls)
      this.clients.set(
        url,
        getHttpRpcClient(url, {
          timeout: settings.timeoutMs,
          maxResponseBodySize: settings.maxResponseBytes,
        }),
      )
    this.ranking = new UpstreamRanking(urls, (url, timeoutMs) => this.blockNumber(url, timeoutMs), settings)
    this.ranking.start()
  }

  stop(): void {
    this.ranking.stop()
  }

  /** The upstream URLs, best first. */
  ranked(): string[] {
    return this.ranking.ranked()
  }

  /** The highest block number the upstreams last told. */
  head(): bigint | undefined {
    return this.ranking.head()
  }

  /** The calls' outcomes, in order. */
  async send(calls: readonly RpcCall[]): Promise<Outcome[]> {
    const groups = new Map<string | undefined, number[]>()
    calls.forEach((call, i) => {
      const pinned = FILTER_USERS.has(call.method) ? this.filters.get(filterKey(call)) : undefined
      const group = groups.get(pinned)
      if (group) group.push(i)
      else groups.set(pinned, [i])
    })
    const outcomes: Outcome[] = new Array(calls.length)
    await Promise.all(
      [...groups].map(async ([pinned, indexes]) => {
        const group = indexes.map((i) => calls[i] as RpcCall)
        const answered = await this.sendGroup(group, pinned)
        indexes.forEach((at, j) => {
          outcomes[at] = answered[j] as Outcome
        })
      }),
    )
    return outcomes
  }

  private async sendGroup(calls: RpcCall[], pinned: string | undefined, splits = 0): Promise<Outcome[]> {
    try {
      const { url, outcomes } = await withRetry(() => this.round(calls, pinned), {
        retryCount: this.settings.retryCount,
        delay: ({ count, error }) =>
          (error as UpstreamsFailed).retryAfterMs ?? 2 ** count * this.settings.retryDelayMs,
        // A wait longer than one upstream's timeout would hold the caller longer than a slow node.
        shouldRetry: ({ error }) =>
          error instanceof UpstreamsFailed &&
          error.transient &&
          (error.retryAfterMs ?? 0) <= this.settings.timeoutMs,
      })
      this.pinFilters(calls, outcomes, url)
      return outcomes
    } catch (error) {
      if (error instanceof ResponseBodyTooLargeError) return this.sendInParts(calls, pinned, error, splits)
      if (!(error instanceof UpstreamsFailed)) throw error
      // The filter went with its node: "not found" makes a client (viem's watchers) make a new one.
      if (pinned !== undefined) {
        for (const call of calls) this.filters.delete(filterKey(call))
        return calls.map(() => ({ error: FILTER_NOT_FOUND }))
      }
      return calls.map(() => ({
        error: { code: RESOURCE_UNAVAILABLE, message: error.message },
        unavailable: true as const,
      }))
    }
  }

  /**
   * Calls whose answer was over the cap, asked again in parts one after the other (not all at once
   * on the node); a lone call, or a part still over the cap after the last split, is answered with
   * an error that says to ask for less.
   */
  private async sendInParts(
    calls: RpcCall[],
    pinned: string | undefined,
    error: ResponseBodyTooLargeError,
    splits: number,
  ): Promise<Outcome[]> {
    if (calls.length === 1 || splits >= MAX_SPLITS) return calls.map(() => tooLarge(error.maxSize))
    const outcomes: Outcome[] = []
    for (const part of splitForSize(calls, error))
      outcomes.push(...(await this.sendGroup(part, pinned, splits + 1)))
    return outcomes
  }

  /** One pass over the upstreams that are not resting, best first and the demoted last, hedged. */
  private async round(calls: RpcCall[], pinned: string | undefined) {
    const now = Date.now()
    const candidates = pinned === undefined ? this.ranking.ranked() : [pinned]
    const awake = candidates.filter((url) => (this.restingUntil.get(url) ?? 0) <= now)
    if (awake.length === 0) {
      const wake = Math.min(...candidates.map((url) => this.restingUntil.get(url) ?? now))
      throw new UpstreamsFailed('every upstream asked to wait (Retry-After)', Math.max(0, wake - now))
    }
    const demoted = (url: string) => (this.demotedUntil.get(url) ?? 0) > now
    const order = [...awake.filter((url) => !demoted(url)), ...awake.filter(demoted)]
    try {
      const { url, value } = await hedge(order, (url, signal) => this.ask(url, calls, signal), {
        hedgeAfterMs: Math.min(this.settings.hedgeAfterMs, this.settings.timeoutMs),
        onFailure: (url, error) => {
          this.noteRetryAfter(url, error)
          if (error instanceof TimeoutError) this.demote(url)
        },
        onOvertaken: (url) => this.demote(url),
        // Another upstream would compute the same answer just as large.
        isFinal: (error) => error instanceof ResponseBodyTooLargeError,
      })
      return { url, outcomes: value }
    } catch (error) {
      if (!(error instanceof AllTriesFailed)) throw error
      const last = error.errors.at(-1)
      throw new UpstreamsFailed(shortReason(last), undefined, error.errors.some(isTransportTrouble))
    }
  }

  private demote(url: string): void {
    this.demotedUntil.set(url, Date.now() + this.settings.demoteMs)
  }

  /**
   * Sends the calls to one upstream as one HTTP request (call by call if it refuses the batch as a
   * whole); throws unless every call was answered.
   */
  private async ask(url: string, calls: RpcCall[], signal: AbortSignal): Promise<Outcome[]> {
    const client = this.clients.get(url)
    // Never the URL in a message: it may carry the operator's API key, and reasons reach callers.
    if (!client) throw new Error('Not an upstream of this chain')
    if (calls.length === 1) return [await askOne(client, calls[0] as RpcCall, signal)]
    let answers: unknown[]
    try {
      answers = await client.request({
        body: calls.map((call, id) => ({ id, ...call })),
        fetchOptions: { signal },
      })
    } catch (error) {
      if (!isNodeAnswer(error)) throw error
      answers = []
    }
    // One error for the whole batch (a call in it the node cannot read, or no batches at all): the
    // node judged the request, not each call, so each call is asked on its own to get its own answer.
    if (answers.every((answer) => (answer as { id?: unknown }).id == null))
      return Promise.all(calls.map((call) => askOne(client, call, signal)))
    const byId = new Map<unknown, unknown>(answers.map((answer) => [(answer as { id?: unknown }).id, answer]))
    return calls.map((_, id) => {
      if (!byId.has(id)) throw new Error('The batch answer lacks a call')
      return outcomeOf(byId.get(id))
    })
  }

  private async blockNumber(url: string, timeoutMs: number): Promise<bigint> {
    // A resting upstream is not sampled either: that would be asking it before its time.
    if ((this.restingUntil.get(url) ?? 0) > Date.now()) throw new Error('resting')
    const answer = await this.clients
      .get(url)
      ?.request({ body: { id: 0, method: 'eth_blockNumber' }, timeout: timeoutMs })
      .catch((error: unknown) => {
        // A sample told to wait rests the upstream for calls too.
        this.noteRetryAfter(url, error)
        throw error
      })
    const outcome = outcomeOf(answer)
    if (!('result' in outcome) || typeof outcome.result !== 'string') throw new Error('no block number')
    return BigInt(outcome.result)
  }

  private noteRetryAfter(url: string, error: unknown): void {
    const delay = retryAfterMs(error)
    if (delay !== undefined) this.restingUntil.set(url, Date.now() + delay)
  }

  private pinFilters(calls: RpcCall[], outcomes: Outcome[], url: string): void {
    calls.forEach((call, i) => {
      const outcome = outcomes[i]
      if (
        FILTER_CREATORS.has(call.method) &&
        outcome &&
        'result' in outcome &&
        typeof outcome.result === 'string'
      )
        this.filters.set(outcome.result.toLowerCase(), url)
    })
  }
}

/** One call as one HTTP request: its answer, a node's refusal with a 4xx status included. */
async function askOne(client: HttpRpcClient, call: RpcCall, signal: AbortSignal): Promise<Outcome> {
  try {
    return outcomeOf(await client.request({ body: { id: 0, ...call }, fetchOptions: { signal } }))
  } catch (error) {
    if (isNodeAnswer(error)) return outcomeOf({ error: error.cause })
    throw error
  }
}

function filterKey(call: RpcCall): string {
  const id = Array.isArray(call.params) ? call.params[0] : undefined
  return typeof id === 'string' ? id.toLowerCase() : ''
}

/** A node's answer to one call: its result, or its error as it gave it (code, message, data). */
function outcomeOf(answer: unknown): Outcome {
  if (typeof answer !== 'object' || answer === null) throw new Error('The answer is not JSON-RPC')
  const { error } = answer as { error?: unknown }
  if (error !== undefined) {
    const { code, message, data } = error as Partial<RpcErrorObject>
    if (typeof code !== 'number' || typeof message !== 'string') throw new Error('The answer is not JSON-RPC')
    return { error: data === undefined ? { code, message } : { code, message, data } }
  }
  if (!('result' in answer)) throw new Error('The answer is not JSON-RPC')
  return { result: answer.result }
}
