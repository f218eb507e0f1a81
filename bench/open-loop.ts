import { fork } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

/**
 * A constant-rate (open-loop) load: request n is due at start + n / rate whether or not earlier
 * ones have been answered, and its latency counts from when it was due. autocannon's `overallRate`
 * instead fires each connection's quota for the second back to back and then idles, which
 * measures a burst of the whole second's requests rather than a steady rate.
 */
export interface OpenLoopOptions {
  urls: string[]
  /** Requests per second, spread evenly. */
  rate: number
  seconds: number
  /** Seconds at the same rate before counting starts: JIT, pools and plan caches warm up. */
  warmupSeconds: number
  /** Keep-alive connections; requests due while all are busy wait, and that wait counts. */
  connections: number
  headers: Record<string, string>
}

export interface OpenLoopResult {
  /** Answered requests per second of the run. */
  served: number
  p50: number
  p99: number
  /** Failed requests and answers other than 2xx. */
  errors: number
}

/** Runs in a child process, so the generator does not share an event loop with a server in this process. */
export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(options)], {
      execArgv: ['--import', 'tsx'],
    })
    child.once('message', (result) => resolve(result as OpenLoopResult))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`))
    })
  })
}

interface Due {
  at: number
  request: Buffer
  counted: boolean
}

/**
 * Raw keep-alive sockets with prepared request bytes and a minimal response reader (status line
 * and content-length): `http.request` costs the generator several times the CPU, which on a
 * shared machine it takes from the server under test.
 */
async function generate(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { urls, rate, seconds, warmupSeconds, connections, headers } = options
  const requests = urls.map((url) => requestBytes(new URL(url), headers))
  const first = new URL(urls[0] as string)
  const warmup = Math.round(rate * warmupSeconds)
  const total = warmup + Math.round(rate * seconds)
  const latencies: number[] = []
  const queue: Due[] = []
  const idle: Connection[] = []
  let errors = 0
  let answered = 0
  let sent = 0
  const start = performance.now()

  let allAnswered = () => {}
  const finished = new Promise<void>((resolve) => {
    allAnswered = resolve
  })
  const settle = (due: Due, ok: boolean) => {
    if (due.counted) {
      latencies.push(performance.now() - due.at)
      if (!ok) errors++
    }
    if (++answered === total) allAnswered()
  }
  const dispatch = () => {
    while (queue.length > 0 && idle.length > 0) (idle.pop() as Connection).send(queue.shift() as Due)
  }
  for (let i = 0; i < connections; i++) {
    const connection = new Connection(first, (due, ok) => {
      settle(due, ok)
      idle.push(connection)
      dispatch()
    })
    await connection.ready
    idle.push(connection)
  }

  const tick = () => {
    const now = performance.now()
    while (sent < total && start + (sent * 1000) / rate <= now) {
      queue.push({
        at: start + (sent * 1000) / rate,
        request: requests[sent % requests.length] as Buffer,
        counted: sent >= warmup,
      })
      sent++
    }
    dispatch()
    if (sent < total) setTimeout(tick, 1)
  }
  tick()
  await finished
  const elapsed = (performance.now() - start) / 1000 - warmupSeconds
  for (const connection of idle) connection.close()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
  return { served: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors }
}

function requestBytes(url: URL, headers: Record<string, string>): Buffer {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`)
}

const HEADERS_END = Buffer.from('\r\n\r\n')

/** One keep-alive connection, one request at a time; answers must carry a content-length. */
class Connection {
  readonly ready: Promise<void>
  private readonly socket: net.Socket
  private current: Due | undefined
  private buffered: Buffer = Buffer.alloc(0)

  constructor(
    url: URL,
    private readonly answered: (due: Due, ok: boolean) => void,
  ) {
    this.socket = net.connect({ host: url.hostname, port: Number(url.port) })
    this.socket.setNoDelay(true)
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve)
      this.socket.once('error', reject)
    })
    this.socket.on('data', (chunk) => this.read(chunk))
  }

  send(due: Due): void {
    this.current = due
    this.socket.write(due.request)
  }

  close(): void {
    this.socket.destroy()
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
    const headersEnd = this.buffered.indexOf(HEADERS_END)
    if (headersEnd < 0) return
    const head = this.buffered.subarray(0, headersEnd).toString('latin1')
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1])
    if (!Number.isFinite(length)) throw new Error('an answer without content-length')
    const size = headersEnd + HEADERS_END.length + length
    if (this.buffered.length < size) return
    this.buffered = this.buffered.subarray(size)
    const status = Number(head.slice(9, 12))
    const due = this.current as Due
    this.current = undefined
    this.answered(due, status >= 200 && status < 300)
  }
}

if (process.send && process.argv[2]) {
  const result = await generate(JSON.parse(process.argv[2]) as OpenLoopOptions)
  process.send(result, () => process.disconnect())
}
