import { randomUUID } from 'node:crypto'
import { setTimeout as pause } from 'node:timers/promises'
import { DEV_ACCOUNTS } from '@portico/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LOCK_CLASS } from '../indexer/lock.ts'
import { newProjectId } from '../projects/project-id.ts'
import { type RunningServer, startServer } from '../start.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { POSTGRES_BIN, type PrivatePostgres, startPrivatePostgres } from '../test-support/private-postgres.ts'

const PAGE = 'https://shop.example'
const receiver = DEV_ACCOUNTS[5].address
/** Four callers, each sending its next event 20 ms after the last one was answered. */
const SENDERS = 4
const PACE_MS = 20

interface Answer {
  eventId: string
  status: number
  body: string
  at: number
}

describe.skipIf(POSTGRES_BIN === undefined)('a Postgres restart under load', () => {
  let chain: TestChain
  let postgres: PrivatePostgres
  let server: RunningServer
  let admin: pg.Client
  const projectId = newProjectId()

  // An 'error' event nobody hears is thrown as an uncaught exception: outside a test runner, the end of the process.
  const uncaught: unknown[] = []
  const hear = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', hear)
    ;[chain, postgres] = await Promise.all([startTestChain(), startPrivatePostgres()])
    server = await startServer({
      port: 0,
      databaseUrl: postgres.url,
      logger: false,
      devProject: { id: projectId, name: 'Shop', origins: [PAGE] },
      chain: {
        rpcUrl: chain.rpcUrl,
        chainId: chain.deployment.chainId,
        startBlock: chain.deployment.firstBlock,
      },
      // Every event from its own address, so the per-IP limit never answers for the database.
      trustProxy: '127.0.0.1',
    })
  })
  afterAll(async () => {
    process.off('uncaughtException', hear)
    await admin?.end()
    await server?.close()
    await Promise.all([chain?.stop(), postgres?.stop()])
  })

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { origin: PAGE, ...init.headers } })
  const historyHashes = async () => {
    const response = await call(`/v1/account/${receiver}/history?chainId=eip155:31337&projectId=${projectId}`)
    if (response.status !== 200) return []
    return ((await response.json()) as { data: { hash: string }[] }).data.map((tx) => tx.hash)
  }
  let sent = 0
  const sendEvent = async (): Promise<Answer> => {
    const eventId = randomUUID()
    const n = sent++
    const response = await call(`/e?projectId=${projectId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({
        eventId,
        url: `${PAGE}/`,
        domain: 'shop.example',
        timestamp: Date.now(),
        props: { type: 'track', event: 'MODAL_OPEN' },
      }),
    })
    return { eventId, status: response.status, body: await response.text(), at: Date.now() }
  }
  const listeners = async () => {
    const { rows } = await admin.query<{ listening: number }>(
      `select count(*)::int as listening from pg_stat_activity where query like 'LISTEN %'`,
    )
    return rows[0]?.listening
  }
  const lockHolders = async () => {
    const { rows } = await admin.query<{ holders: number }>(
      `select count(*)::int as holders from pg_locks
       where locktype = 'advisory' and granted and classid = $1 and objid = $2`,
      [LOCK_CLASS, chain.deployment.chainId],
    )
    return rows[0]?.holders
  }

  test('the services live through it, lose no accepted event and index again within seconds', async () => {
    const before = await chain.send(1, receiver, '0.01')
    await expect.poll(historyHashes, { timeout: 10_000, interval: 50 }).toContain(before)

    const answers: Answer[] = []
    let streaming = true
    const senders = Array.from({ length: SENDERS }, async () => {
      while (streaming) {
        answers.push(await sendEvent())
        await pause(PACE_MS)
      }
    })
    await expect.poll(() => answers.filter((a) => a.status === 204).length).toBeGreaterThan(20)

    const restartedAt = Date.now()
    // A transfer mined while the database is away is indexed from the stored cursor afterwards.
    const [during] = await Promise.all([chain.send(1, receiver, '0.02'), postgres.restart()])
    const backAt = Date.now()
    const [healthyAt, duringShownAt] = await Promise.all([
      expect
        .poll(async () => (await call('/health')).status, { timeout: 10_000, interval: 50 })
        .toBe(200)
        .then(() => Date.now()),
      expect
        .poll(historyHashes, { timeout: 10_000, interval: 25 })
        .toContain(during)
        .then(() => Date.now()),
    ])
    await expect
      .poll(() => answers.filter((a) => a.at > healthyAt && a.status === 204).length, { timeout: 10_000 })
      .toBeGreaterThan(20)
    streaming = false
    await Promise.all(senders)

    const after = await chain.send(1, receiver, '0.03')
    const minedAt = Date.now()
    await expect.poll(historyHashes, { timeout: 5_000, interval: 25 }).toContain(after)
    const afterShownAt = Date.now()

    admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    // The head follower takes the chain's lock again after its failed steps' pause.
    await expect.poll(lockHolders, { timeout: 10_000 }).toBe(1)
    // Every cache hears its channel again: projects, and the chain activity for kept history pages and
    // for kept balances.
    await expect.poll(listeners).toBe(3)

    const last = await sendEvent()
    expect(last.status).toBe(204)
    const accepted = [...answers, last].filter((a) => a.status === 204).map((a) => a.eventId)
    const { rows } = await admin.query<{ event_id: string }>(
      'select event_id from analytics_events where event_id = any($1::uuid[])',
      [accepted],
    )
    expect(rows.map((row) => row.event_id).sort()).toEqual(accepted.sort())

    // Refused while the database was away: as 503 in the services' error shape, nothing else.
    const failed = answers.filter((a) => a.status !== 204)
    for (const answer of failed) {
      expect(answer.status).toBe(503)
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      })
    }
    expect(uncaught).toEqual([])

    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
    const refusedFor = failed.length ? (failed.at(-1)?.at ?? 0) - (failed[0]?.at ?? 0) : 0
    console.log(
      [
        `postgres restart under load: ${answers.length} events streamed, ${failed.length} answered 503 (over ${seconds(refusedFor)}), none lost`,
        `pg_ctl restart -m fast took ${seconds(backAt - restartedAt)}`,
        `/health answered 200 ${seconds(healthyAt - restartedAt)} after the restart began (${seconds(healthyAt - backAt)} after the database was back)`,
        `a transfer mined during the restart showed in history ${seconds(duringShownAt - backAt)} after the database was back`,
        `one mined afterwards ${seconds(afterShownAt - minedAt)} after it was mined`,
      ].join('\n'),
    )
    expect(duringShownAt - backAt).toBeLessThan(2_000)
    expect(afterShownAt - minedAt).toBeLessThan(2_000)
  })
})
