import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import type { Project } from '../projects/repository.ts'
import {
  connectRaw,
  type RawClient,
  type RelayApp,
  relayProject,
  startRelayApp,
} from '../test-support/wc-relay.ts'
import { RpcErrorCode } from './protocol.ts'

// What the relay logs is the point here, not the database: PGlite only.
let database: Database
let relay: RelayApp
let project: Project
const lines: { level: number; msg: string; err?: { stack?: string } }[] = []

beforeAll(async () => {
  database = await openDatabase({})
  project = await relayProject(database)
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) }
  relay = await startRelayApp(database, {
    limits: { burst: 1_000, perSecond: 1_000, maxFrameBytes: 16 * 1024 },
    logger: { level: 'info', stream },
  })
})
afterAll(async () => {
  await relay?.close()
  await database?.close()
})

const topic = randomBytes(32).toString('hex')
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
const request = (method: string, params: string, id: string | number = 1) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"${method}","params":${params}}`

/** Frames a broken or hostile client sends: not JSON, not a request, requests of the wrong shape. */
const MALFORMED = [
  '{not json',
  '',
  'null',
  '42',
  '"irn_subscribe"',
  '[1,2]',
  '[]',
  '{}',
  '{"jsonrpc":"2.0","id":1}',
  '{"jsonrpc":"1.0","id":1,"method":"irn_subscribe","params":{}}',
  '{"jsonrpc":"2.0","id":{"a":1},"method":"irn_subscribe"}',
  '{"jsonrpc":"2.0","id":1,"method":42}',
  request('__proto__', '{}'),
  request('constructor', '{}'),
  request('toString', '{}'),
  request('hasOwnProperty', '{}'),
  request('irn_teleport', '{}'),
  request('irn_subscribe', 'null'),
  request('irn_subscribe', '"topic"'),
  request('irn_subscribe', '[]'),
  request('irn_subscribe', '{"topic":5}'),
  request('irn_subscribe', '{"topic":"ABC"}'),
  request('irn_subscribe', `{"__proto__":{"topic":"${topic}"}}`),
  request('irn_subscribe', deep(5_000)),
  request('irn_batchSubscribe', '{"topics":"all"}'),
  request('irn_batchSubscribe', '{"topics":[]}'),
  request('irn_batchSubscribe', `{"topics":[${'"x",'.repeat(600)}"x"]}`),
  request('irn_unsubscribe', '{"topic":null}'),
  request('irn_batchUnsubscribe', '{"subscriptions":[{}]}'),
  request('irn_batchUnsubscribe', '{"subscriptions":{"length":3}}'),
  request('irn_publish', `{"topic":"${topic}","message":5,"ttl":300}`),
  request('irn_publish', `{"topic":"${topic}","message":"m","ttl":"300"}`),
  request('irn_publish', `{"topic":"${topic}","message":"m","ttl":300,"tag":-1}`),
  request('irn_publish', `{"topic":"${topic}","message":"m","ttl":300,"tag":1e40}`),
  request('irn_publish', `{"topic":"${topic}","message":"\\u0000","ttl":300}`),
  request('irn_publish', `{"topic":"${topic}","message":"\\ud800","ttl":300}`),
  request('irn_publish', `{"topic":"${topic}","message":"m","ttl":300,"attestation":{}}`),
  request('irn_publish', `{"topic":"${topic}","message":${deep(2_000)},"ttl":300}`),
  request('irn_batchPublish', '{"messages":"x"}'),
  request('irn_batchPublish', '{"messages":[null]}'),
  request('irn_fetchMessages', '{"topic":[]}'),
  request('irn_batchFetchMessages', '{"topics":[1]}'),
  request('wc_proposeSession', '{}'),
  request('wc_proposeSession', `{"pairingTopic":"${topic}","sessionProposal":"","ttl":300}`),
  request('wc_approveSession', `{"sessionTopic":"${topic}"}`),
  request('wc_approveSession', '[1]'),
  request('irn_subscribe', '{"topic":"x"}', 'x'.repeat(200)),
  '{"jsonrpc":"2.0","id":1e400,"method":"irn_subscribe","params":{"topic":"x"}}',
  `{"jsonrpc":"2.0","id":1,"method":"irn_subscribe","params":{"topic":"${topic}"}`,
  `{"jsonrpc":"2.0","id":1,"method":"${'m'.repeat(500)}"}`,
]

test('50 malformed frames: each answered with its JSON-RPC error, none logged as an error, the socket still usable', async () => {
  expect(MALFORMED).toHaveLength(50)
  const client = await connectRaw(relay.url, project.id)
  try {
    for (const frame of MALFORMED) {
      const answer = await client.sendRaw(frame)
      expect(answer.error?.code, frame.slice(0, 80)).toBeOneOf([
        RpcErrorCode.PARSE_ERROR,
        RpcErrorCode.INVALID_REQUEST,
        RpcErrorCode.METHOD_NOT_FOUND,
        RpcErrorCode.INVALID_PARAMS,
      ])
    }
    expect((await client.request('irn_subscribe', { topic })).result).toEqual(expect.any(String))
  } finally {
    await client.close()
  }
  const loud = lines.filter((line) => line.level >= 40)
  expect(loud.map((line) => line.msg)).toEqual([])
  expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /)
})

test('frames the WebSocket protocol refuses close their socket with its code, and log no error either', async () => {
  const refused = [
    // A text frame that is not UTF-8 (1007), one over the frame limit (1009).
    {
      send: (client: RawClient) =>
        client.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }),
      code: 1007,
    },
    { send: (client: RawClient) => client.socket.send('x'.repeat(16 * 1024 + 1)), code: 1009 },
  ]
  for (const { send, code } of [...refused, ...refused, ...refused]) {
    const client = await connectRaw(relay.url, project.id)
    send(client)
    expect((await client.closed).code).toBe(code)
  }
  const loud = lines.filter((line) => line.level >= 40)
  expect(loud.map((line) => line.msg)).toEqual([])
  expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /)
})
