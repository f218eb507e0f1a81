import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { DEV_ACCOUNTS } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createScratchDatabase } from '../db/scratch-database.ts'
import { type DevMailbox, startDevMailbox } from '../embedded/dev-mailbox.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'

/**
 * `portico-server` as an operator meets it: the packed tarballs (npm run pack:packages) installed
 * into an empty folder outside the repository, configured by a file of variables, run as a child
 * process against anvil, a real Postgres and a real SMTP server.
 */
const PACKS = fileURLToPath(new URL('../../../../.packs/', import.meta.url))
const adminUrl = process.env.TEST_DATABASE_URL || undefined
const execFileAsync = promisify(execFile)
const PAGE = 'https://my.dapp.example'

let app: string
let chain: TestChain
let mailbox: DevMailbox
let database: { url: string; drop(): Promise<void> }
let envFile: string
const children: ChildProcess[] = []

describe.skipIf(!adminUrl)('portico-server, installed from the packed package', () => {
  beforeAll(async () => {
    const tarballs = existsSync(PACKS) ? await readdir(PACKS) : []
    const pick = (name: string) => {
      const file = tarballs.find((entry) => entry.startsWith(`portico-${name}-`) && entry.endsWith('.tgz'))
      if (!file) throw new Error(`No .packs/portico-${name}-*.tgz — run npm run pack:packages first`)
      return join(PACKS, file)
    }
    app = await mkdtemp(join(tmpdir(), 'portico-operator-'))
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'operator', private: true }))
    // The services' own dependencies come from the registry; the Portico ones it names are not
    // published there, so they are given as the tarballs beside it.
    await execFileAsync(
      'npm',
      ['install', '--no-audit', '--no-fund', pick('server'), pick('core'), pick('embedded')],
      { cwd: app },
    )
    ;[chain, mailbox, database] = await Promise.all([
      startTestChain(),
      startDevMailbox({ log: () => {} }),
      createScratchDatabase(adminUrl as string, `portico_operator_${randomBytes(6).toString('hex')}`),
    ])
    const port = await freePort()
    envFile = join(app, 'portico.env')
    // What the README tells a newcomer to write.
    await writeFile(
      envFile,
      [
        `DATABASE_URL=${database.url}`,
        `RPC_URL=${chain.rpcUrl}`,
        'CHAIN_ID=31337',
        `START_BLOCK=${chain.deployment.firstBlock}`,
        'HOST=127.0.0.1',
        `PORT=${port}`,
        `PUBLIC_URL=http://localhost:${port}`,
        `SMTP_URL=${mailbox.smtpUrl}`,
        `MASTER_KEY=${randomBytes(32).toString('hex')}`,
        `RECOVERY_KEY=${randomBytes(32).toString('hex')}`,
        `HASH_SECRET=${randomBytes(32).toString('hex')}`,
        `DASHBOARD_PASSWORD=${randomBytes(18).toString('base64url')}`,
        '',
      ].join('\n'),
    )
  }, 240_000)

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await database?.drop()
    await mailbox?.close()
    await chain?.stop()
    if (app) await rm(app, { recursive: true, force: true })
  })

  test('refuses to start without its configuration, one line per problem, no stack', async () => {
    const { code, lines } = await runToEnd([], { PORT: '99999', MASTER_KEY: 'short', LOG_LEVEL: 'verbose' })
    expect(code).toBe(2)
    const messages = lines.map((line) => line.msg)
    for (const expected of [
      'DATABASE_URL is required: the Postgres server the services keep their state in',
      'RPC_URL is required: the JSON-RPC endpoint of your chain',
      'CHAIN_ID is required: the id of the chain behind RPC_URL',
      'PORT must be at most 65535',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace',
      'MASTER_KEY must be 64 hex characters (it seals the server shares of embedded-wallet keys); make one with: openssl rand -hex 32',
    ])
      expect(messages).toContain(expected)
    expect(messages.at(-1)).toMatch(/^Refusing to start: \d+ configuration problem\(s\) above$/)
    expect(lines.every((line) => line.level === 60 && !JSON.stringify(line).includes('    at '))).toBe(true)
  })

  test('refuses a CHAIN_ID that is not the chain behind RPC_URL', async () => {
    const { code, lines } = await runToEnd(['--env-file', envFile], { CHAIN_ID: '1' })
    expect(code).toBe(2)
    expect(lines.map((line) => line.msg)).toContain('CHAIN_ID is 1 but the chain at RPC_URL is 31337')
  })

  test('migrate applies the schema once; project create prints an id', async () => {
    const first = await runToEnd(['migrate', '--env-file', envFile])
    expect(first.code).toBe(0)
    expect(first.lines.at(-1)?.msg).toMatch(/^Applied \d+ migration\(s\): 0001_projects, /)
    const again = await runToEnd(['migrate', '--env-file', envFile])
    expect(again.lines.at(-1)?.msg).toBe('The database schema is up to date')
  })

  test('serves health, the dashboard, a project and a balance, and stops on SIGTERM after the request in flight', async () => {
    const created = await runToEnd([
      'project',
      'create',
      '--name',
      'My dapp',
      '--origin',
      PAGE,
      '--env-file',
      envFile,
    ])
    expect(created.code).toBe(0)
    const projectId = created.stdout.trim()
    expect(projectId).toMatch(/^[0-9a-f]{32}$/)

    const server = await startCommand()
    const base = server.url
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true, database: 'postgres' })
    const ready = await fetch(`${base}/health/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ok', database: { ok: true }, chain: { ok: true } })

    // The dashboard's page and its built script come from the installed package (dist/dashboard-app).
    const dashboard = await fetch(`${base}/dashboard`)
    expect(dashboard.status).toBe(200)
    expect(dashboard.headers.get('content-security-policy')).toContain("script-src 'self'")
    const script = await fetch(`${base}/dashboard/assets/dashboard.js`)
    expect(script.status).toBe(200)
    expect((await script.text()).length).toBeGreaterThan(10_000)

    const headers = { origin: PAGE }
    const origins = await fetch(`${base}/v1/projects/${projectId}/origins`, { headers })
    expect(await origins.json()).toEqual({ allowedOrigins: [PAGE] })

    const holder = DEV_ACCOUNTS[0]?.address as string
    const onChain = await chain.client.getBalance({ address: holder as `0x${string}` })
    // The first request watches the holder and queues its backfill from START_BLOCK; the USDC row
    // appears once the backfill has read its past.
    await expect
      .poll(
        async () => {
          const answer = await fetch(
            `${base}/v1/account/${holder}/balance?projectId=${projectId}&chainId=eip155:31337&currency=usd`,
            { headers },
          )
          const { balances } = (await answer.json()) as {
            balances: Array<{ symbol: string; quantity: { numeric: string } }>
          }
          return balances.map((balance) => balance.symbol)
        },
        { timeout: 30_000 },
      )
      .toContain('USDC')
    const native = await fetch(
      `${base}/v1/account/${holder}/balance?projectId=${projectId}&chainId=eip155:31337`,
      {
        headers,
      },
    )
    const { balances } = (await native.json()) as {
      balances: Array<{ symbol: string; quantity: { numeric: string } }>
    }
    expect(balances[0]?.symbol).toBe('ETH')
    expect(Number(balances[0]?.quantity.numeric)).toBeCloseTo(Number(onChain) / 1e18, 6)

    // A request whose body is still arriving when SIGTERM comes: it is answered, then the process ends.
    const event = JSON.stringify({
      eventId: randomUUID(),
      url: `${PAGE}/`,
      domain: 'my.dapp.example',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    })
    const socket = connect(Number(new URL(base).port), '127.0.0.1')
    const response = new Promise<string>((resolve) => {
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('close', () => resolve(text))
    })
    const half = Math.floor(event.length / 2)
    socket.write(
      [
        `POST /e?projectId=${projectId}&st=portico-react&sv=0.1.0 HTTP/1.1`,
        `Host: 127.0.0.1:${new URL(base).port}`,
        `Origin: ${PAGE}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(event)}`,
        'Connection: close',
        '',
        event.slice(0, half),
      ].join('\r\n'),
    )
    // Fastify logs a request once its head has arrived: from then on it is in flight.
    await server.saw(/^incoming request$/, (line) =>
      String((line.req as { url?: string })?.url).startsWith('/e?'),
    )
    server.child.kill('SIGTERM')
    await server.saw(/^SIGTERM: finishing requests in flight/)
    // write, not end: a client that half-closes its side has its request dropped by Node.
    socket.write(event.slice(half))
    expect((await response).split('\r\n')[0]).toBe('HTTP/1.1 204 No Content')
    expect(await server.exitCode).toBe(0)
    expect(server.lines.at(-1)?.msg).toBe('Stopped')
    // The event was stored and nothing holds the indexer's lock for the next instance.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const stored = await client.query('select count(*)::int as n from analytics_events')
      expect(stored.rows[0].n).toBe(1)
      const locks = await client.query("select count(*)::int as n from pg_locks where locktype = 'advisory'")
      expect(locks.rows[0].n).toBe(0)
    } finally {
      await client.end()
    }
    expect(server.lines.every((line) => typeof line.level === 'number' && typeof line.msg === 'string')).toBe(
      true,
    )
  })
})

interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

const bin = () => join(app, 'node_modules/.bin/portico-server')

/** Only what the test gives: the operator's shell would not carry this test's variables either. */
const cleanEnv = (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: tmpdir(),
  ...extra,
})

function parseLines(text: string): LogLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine)
}

async function runToEnd(args: string[], extra: Record<string, string> = {}) {
  const child = spawn(bin(), args, { cwd: app, env: cleanEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString()
  })
  // 'close', not 'exit': the last lines may still be in the pipe when the process has exited.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  expect(stderr).toBe('')
  const jsonish = stdout.trimStart().startsWith('{')
  return { code, stdout, lines: jsonish ? parseLines(stdout) : [] }
}

async function startCommand() {
  const child = spawn(bin(), ['--env-file', envFile], {
    cwd: app,
    env: cleanEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const lines: LogLine[] = []
  const waiters: Array<{ matches: (line: LogLine) => boolean; resolve: () => void }> = []
  let buffered = ''
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString()
  })
  child.stdout.on('data', (chunk) => {
    buffered += chunk.toString()
    const complete = buffered.split('\n')
    buffered = complete.pop() ?? ''
    for (const line of parseLines(complete.join('\n'))) {
      lines.push(line)
      for (const waiter of waiters.filter((entry) => entry.matches(line))) waiter.resolve()
    }
  })
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const saw = (pattern: RegExp, also: (line: LogLine) => boolean = () => true) => {
    const matches = (line: LogLine) => pattern.test(line.msg) && also(line)
    return lines.some(matches)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ matches, resolve })
          exitCode.then((code) =>
            reject(
              new Error(
                `portico-server exited (${code}) before ${pattern}:\n${JSON.stringify(lines)}\n${stderr}`,
              ),
            ),
          )
        })
  }
  await saw(/^Listening on /)
  const listening = lines.find((line) => line.msg.startsWith('Listening on '))
  return { child, lines, saw, exitCode, url: String(listening?.url) }
}
