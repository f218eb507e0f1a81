import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeFailure, fuzzRoute } from './fuzz.ts'
import { ROUTES, uncovered } from './routes.ts'
import { type FuzzTarget, PAGE, startFuzzTarget } from './target.ts'
import { fuzzRelaySocket } from './wc-relay-socket.ts'

/** Enough to catch a regression on every push; `npm run fuzz` runs 100,000 per route. */
const RUNS = 200

let target: FuzzTarget
beforeAll(async () => {
  target = await startFuzzTarget()
})
afterAll(async () => {
  await target?.close()
})

test('every route the services register is in the fuzzed list', () => {
  expect(uncovered(target.app)).toEqual([])
})

test('a lone surrogate in an analytics property is a 400 that uses up no rate-limit slot', async () => {
  const visitor = '198.51.100.77'
  const response = await target.app.inject({
    method: 'POST',
    url: `/e?projectId=${target.project.id}`,
    remoteAddress: visitor,
    headers: { origin: PAGE, 'content-type': 'application/json' },
    payload: `{"eventId":"${randomUUID()}","url":"${PAGE}/","domain":"wallet.example","timestamp":1,"props":{"type":"track","event":"X","properties":{"tab":"x\\ud800"}}}`,
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().error.message).toBe(
    'body.props.properties.tab: must be well-formed Unicode (no lone surrogates)',
  )
  const slots = await target.db
    .selectFrom('analytics_rate_limits')
    .selectAll()
    .where('ip', '=', visitor)
    .execute()
  expect(slots).toEqual([])
})

test('U+0000 in a project name sent to the admin route is a 400, not a failed insert', async () => {
  const response = await target.app.inject({
    method: 'POST',
    url: '/admin/cli',
    headers: { authorization: `Bearer ${target.adminToken}` },
    payload: { command: 'create', name: 'a\u0000b', origins: [] },
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().error.message).toBe('body.name: must not contain U+0000')
})

describe(`${RUNS} mutated requests per route: no 5xx, no stack or path, none over 5 s, /health answers`, () => {
  test.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const report = await fuzzRoute(target, route, { runs: RUNS })
    if (report.failure) expect.fail(describeFailure(report))
  })
})

test(`${RUNS} sockets of random JSON-RPC frames on the WalletConnect relay: each still answers, nothing fails inside, the relay still relays`, async () => {
  const report = await fuzzRelaySocket(target, { runs: RUNS })
  if (report.failure) expect.fail(describeFailure(report))
})
