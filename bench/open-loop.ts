import { fork } from 'node:child_process'
import http from 'node:http'
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

async function generate(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { urls, rate, seconds, warmupSeconds, connections, headers } = options
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const warmup = Math.round(rate * warmupSeconds)
  const total = warmup + Math.round(rate * seconds)
  const latencies: number[] = []
  let errors = 0
  let sent = 0
  const start = performance.now()

  const send = (due: number, url: string, counted: boolean) =>
    new Promise<void>((done) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume()
        response.once('end', () => {
          if (counted) latencies.push(performance.now() - due)
          if (counted && (response.statusCode ?? 0) >= 300) errors++
          done()
        })
      })
      request.once('error', () => {
        if (counted) errors++
        done()
      })
    })

  const pending: Array<Promise<void>> = []
  await new Promise<void>((finished) => {
    const tick = () => {
      const now = performance.now()
      while (sent < total && start + (sent * 1000) / rate <= now) {
        pending.push(send(start + (sent * 1000) / rate, urls[sent % urls.length] as string, sent >= warmup))
        sent++
      }
      if (sent < total) setTimeout(tick, 1)
      else finished()
    }
    tick()
  })
  await Promise.all(pending)
  const elapsed = (performance.now() - start) / 1000 - warmupSeconds
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
  return { served: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors }
}

if (process.send && process.argv[2]) {
  const result = await generate(JSON.parse(process.argv[2]) as OpenLoopOptions)
  process.send(result, () => process.disconnect())
}
