import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { connectRaw, type RawClient } from '../test-support/wc-relay.ts'
import { RpcErrorCode } from '../wc-relay/protocol.ts'
import type { FuzzOptions, RouteReport } from './fuzz.ts'
import { hex } from './routes/common.ts'
import { type FuzzTarget, RELAY_AUDIENCE } from './target.ts'

export const RELAY_SOCKET_FUZZ = 'WebSocket /v1/wc-relay (random JSON-RPC frames)'
const ANSWER_BUDGET_MS = 5_000

const topic = hex(64)
const METHODS = [
  'irn_subscribe',
  'irn_batchSubscribe',
  'irn_unsubscribe',
  'irn_batchUnsubscribe',
  'irn_publish',
  'irn_batchPublish',
  'irn_fetchMessages',
  'irn_batchFetchMessages',
  'wc_proposeSession',
  'wc_approveSession',
  'irn_subscription',
]
const value = fc.oneof(
  topic,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(topic, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
)
/** Fields of every method, each there or not, right or wrong: enough right ones reach the mailbox. */
const params = fc.oneof(
  fc.record(
    {
      topic: value,
      topics: value,
      id: value,
      message: fc.oneof(fc.string({ maxLength: 80 }), value),
      ttl: fc.oneof(fc.integer({ min: 0, max: 3_000_000 }), value),
      tag: fc.oneof(fc.integer({ min: -1, max: 2 ** 32 }), value),
      prompt: value,
      attestation: value,
      messages: fc.oneof(
        fc.array(fc.record({ topic, message: fc.string(), ttl: fc.integer({ min: 0, max: 400 }) }), {
          maxLength: 3,
        }),
        value,
      ),
      subscriptions: fc.oneof(fc.array(fc.record({ topic, id: fc.string() }), { maxLength: 3 }), value),
      pairingTopic: value,
      sessionTopic: value,
      sessionProposal: value,
      sessionProposalResponse: value,
      sessionSettlementRequest: value,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
)
const request = fc
  .record(
    {
      id: fc.oneof(
        fc.integer(),
        fc.string({ maxLength: 20 }),
        fc.constant(null),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.string({ maxLength: 5 })),
      method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 20 })),
      params,
      result: value,
      error: value,
    },
    { requiredKeys: [] },
  )
  .map((frame) => JSON.stringify(frame))
const frame = fc.oneof(
  { weight: 6, arbitrary: request },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)) },
)

/**
 * Random frames on fresh relay sockets: after each batch the socket must still answer a request of
 * its own within the budget, and no frame may have been answered "Internal error" (a crash caught
 * late). Then the server must be healthy and still relay a message from one socket to another.
 */
export async function fuzzRelaySocket(target: FuzzTarget, options: FuzzOptions): Promise<RouteReport> {
  const report: RouteReport = { route: RELAY_SOCKET_FUZZ, requests: 0, statuses: new Map(), durations: [] }
  const url = `ws://127.0.0.1:${target.port}/v1/wc-relay`
  const connect = () => connectRaw(url, target.project.id, { auth: { aud: RELAY_AUDIENCE } })
  const property = fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
    const client = await connect()
    try {
      const internal: string[] = []
      client.socket.on('message', (data) => {
        const answer = JSON.parse(data.toString()) as { error?: { code?: number } }
        if (answer.error?.code === RpcErrorCode.INTERNAL) internal.push(data.toString())
      })
      for (const text of frames) client.socket.send(text)
      report.requests += frames.length
      const started = performance.now()
      const probe = await answerWithin(client, ANSWER_BUDGET_MS)
      report.durations.push(performance.now() - started)
      if (probe !== true) throw new Error(`the socket did not answer afterwards: ${probe}`)
      if (internal.length > 0) throw new Error(`a frame was answered with an internal error: ${internal[0]}`)
    } finally {
      client.socket.terminate()
    }
  })
  const details = await fc.check(property, {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
  })
  const afterwards = details.failed ? undefined : await stillRelays(target, connect)
  if (details.failed || afterwards) {
    const error = details.errorInstance
    report.failure = {
      problem: afterwards ?? (error instanceof Error ? error.message : String(error)),
      request: details.counterexample ? JSON.stringify(details.counterexample[0]) : 'after the run',
      serverLog: target.serverErrors.join('').slice(-800),
      seed: details.seed,
      path: details.counterexamplePath ?? '',
    }
  }
  return report
}

async function answerWithin(client: RawClient, ms: number): Promise<true | string> {
  const probe = client
    .request('irn_fetchMessages', { topic: randomBytes(32).toString('hex') })
    .then((answer) => (answer.error ? `refused: ${answer.error.message}` : (true as const)))
    .catch((error: unknown) => `${String(error)} (${JSON.stringify(client.socket.readyState)})`)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer in ${ms} ms`), ms)
  })
  try {
    return await Promise.race([probe, late])
  } finally {
    clearTimeout(timer)
  }
}

async function stillRelays(
  target: FuzzTarget,
  connect: () => Promise<RawClient>,
): Promise<string | undefined> {
  const health = await target.app.inject({ url: '/health' })
  if (health.statusCode !== 200) return `/health answered ${health.statusCode} afterwards`
  const [sender, receiver] = [await connect(), await connect()]
  try {
    const on = randomBytes(32).toString('hex')
    await receiver.request('irn_subscribe', { topic: on })
    await sender.request('irn_publish', { topic: on, message: 'still relaying', ttl: 300, tag: 1 })
    const [push] = await receiver.waitForPushes(1)
    return push?.params?.data.message === 'still relaying'
      ? undefined
      : 'a message was not relayed afterwards'
  } finally {
    sender.socket.terminate()
    receiver.socket.terminate()
  }
}
