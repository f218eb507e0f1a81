import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { freePort } from '@portico/contracts/testing'
import { buildServer, createProject, openDatabase } from '@portico/server'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'
import { percentile } from './stats.ts'

/**
 * The services' WalletConnect relay on loopback: CLIENTS raw clients (half senders, half
 * receivers, paired on a topic each) speaking irn_subscribe / irn_publish, every sender publishing its
 * next message as soon as its receiver got the last one, ROUNDS messages each. Latency is publish →
 * push at the receiver; each message is stored in the database (PGlite here) before it is pushed. The
 * load runs in a process of its own (this file again, with BENCH_LOAD set).
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const PAGE = 'http://bench.example'
// A socket may start 100 requests at once, then 20 a second: connections open in batches.
const CONNECT_BATCH = 50

interface Load {
  url: string
  projectId: string
  clients: number
  rounds: number
}

interface Measured {
  messages: number
  seconds: number
  latencies: number[]
  errors: number
}

const load = process.env.BENCH_LOAD
if (load === undefined) await main()
else console.log(JSON.stringify(await runLoad(JSON.parse(load) as Load)))

async function main() {
  const database = await openDatabase({})
  // The relay checks each token's audience against its own URL, so the port is chosen first.
  const port = await freePort()
  const url = `ws://127.0.0.1:${port}/v1/wc-relay`
  const relay = await buildServer({ database, walletConnectRelay: { url } })
  try {
    const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
    await relay.listen({ host: '127.0.0.1', port })
    const input: Load = { url, projectId: project.id, clients: CLIENTS, rounds: ROUNDS }
    const { stdout } = await promisify(execFile)('npx', ['tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_LOAD: JSON.stringify(input) },
      maxBuffer: 64 * 1024 * 1024,
    })
    const measured = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Measured
    const chunk = lazyChunk()
    console.table([
      {
        measure: `relay: ${CLIENTS} clients (${CLIENTS / 2} pairs), ${ROUNDS} messages per pair`,
        value: `${Math.round(measured.messages / measured.seconds)} messages/s`,
        detail: `p50 ${percentile(measured.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(measured.latencies, 0.99).toFixed(1)} ms, ${measured.errors} errors`,
      },
      {
        measure: 'lazy WalletConnect chunk (gzip), loaded on the first pick',
        value: chunk ? `${(chunk.gzip / 1000).toFixed(1)} kB` : 'apps/web not built',
        detail: chunk
          ? `${chunk.files.join(', ')}; ${(chunk.raw / 1000).toFixed(1)} kB raw`
          : 'npm run build',
      },
    ])
  } finally {
    await relay.close()
    await database.close()
  }
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>

/** The demo page's WalletConnect chunk and the chunks only it pulls in (not already in the entry). */
function lazyChunk(): { gzip: number; raw: number; files: string[] } | undefined {
  const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url))
  let manifest: Manifest
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return undefined
  }
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key]
    if (!chunk || into.has(key)) return into
    into.add(key)
    for (const imported of chunk.imports ?? []) closure(imported, into)
    return into
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const live = Object.keys(manifest).find((key) => key.endsWith('core/src/walletconnect/loaded.ts'))
  if (!entry || !live) return undefined
  const first = closure(entry)
  const files = [...closure(live)].filter((key) => !first.has(key)).map((key) => manifest[key]?.file ?? key)
  const bodies = files.map((file) => readFileSync(join(dist, file)))
  return {
    gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
    raw: bodies.reduce((sum, body) => sum + body.length, 0),
    files,
  }
}

interface Client {
  socket: WebSocket
  request(method: string, params: unknown): Promise<unknown>
  onPush(handler: (topic: string) => void): void
}

async function connect(url: string, projectId: string): Promise<Client> {
  const auth = await signJWT(randomBytes(32).toString('hex'), url, 86_400, generateKeyPair())
  const query = new URLSearchParams({ auth, projectId, ua: 'wc-2/js-2.21.8/bench' })
  const socket = new WebSocket(`${url}?${query}`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let nextId = 1
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let pushed: (topic: string) => void = () => {}
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as {
      id: number
      method?: string
      params?: { data: { topic: string } }
      result?: unknown
      error?: { message: string }
    }
    if (frame.method === 'irn_subscription' && frame.params) {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      pushed(frame.params.data.topic)
      return
    }
    const waiting = pending.get(frame.id)
    if (!waiting) return
    pending.delete(frame.id)
    if (frame.error) waiting.reject(new Error(frame.error.message))
    else waiting.resolve(frame.result)
  })
  return {
    socket,
    request(method, params) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }))
    },
    onPush(handler) {
      pushed = handler
    },
  }
}

async function runLoad({ url, projectId, clients, rounds }: Load): Promise<Measured> {
  const sockets: Client[] = []
  for (let opened = 0; opened < clients; opened += CONNECT_BATCH)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, clients - opened) }, () => connect(url, projectId)),
      )),
    )
  const pairs = Array.from({ length: clients / 2 }, (_, index) => ({
    sender: sockets[2 * index] as Client,
    receiver: sockets[2 * index + 1] as Client,
    topic: randomBytes(32).toString('hex'),
  }))
  await Promise.all(pairs.map(({ receiver, topic }) => receiver.request('irn_subscribe', { topic })))
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  await Promise.all(
    pairs.map(
      ({ sender, receiver, topic }) =>
        new Promise<void>((done) => {
          let sentAt = 0
          let sent = 0
          const publish = () => {
            sentAt = performance.now()
            sent += 1
            const message = randomBytes(96).toString('base64')
            sender.request('irn_publish', { topic, message, ttl: 300, tag: 1108 }).catch(() => {
              errors += 1
              done()
            })
          }
          receiver.onPush(() => {
            latencies.push(performance.now() - sentAt)
            if (sent < rounds) publish()
            else done()
          })
          publish()
        }),
    ),
  )
  const seconds = (performance.now() - started) / 1000
  for (const client of sockets) client.socket.close()
  return { messages: latencies.length, seconds, latencies, errors }
}
