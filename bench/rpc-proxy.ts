import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { buildServer, createProject, openDatabase } from '@portico/server'
import { startRpcProxy } from '@portico/server/testing'
import { percentile } from './stats.ts'

/**
 * The services' RPC proxy against the node it forwards to: eth_blockNumber and
 * eth_getBalance, CLIENTS concurrent clients each sending its next request as soon as the last is
 * answered, for SECONDS (after 1 s of warm-up), through `POST /v1/rpc` and straight to anvil. The
 * load runs in a process of its own (this file again, with BENCH_LOAD set), so it does not share the
 * proxy's event loop; anvil, the services and the load share the machine's cores.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 1
const PAGE = 'http://bench.example'

interface Load {
  url: string
  headers: Record<string, string>
  body: string
  clients: number
  seconds: number
}

interface Measured {
  requests: number
  errors: number
  latencies: number[]
}

const load = process.env.BENCH_LOAD
if (load === undefined) await main()
else console.log(JSON.stringify(await runLoad(JSON.parse(load) as Load)))

async function main() {
  const anvil = await startAnvil({ port: await freePort() })
  const database = await openDatabase({})
  const proxy = startRpcProxy({ upstreams: { 31337: [anvil.rpcUrl] } })
  const app = await buildServer({ database, rpcProxy: proxy })
  try {
    const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const services = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const targets = {
      'through the proxy': {
        url: `${services}/v1/rpc?chainId=31337&projectId=${project.id}`,
        headers: { origin: PAGE },
      },
      'straight to anvil': { url: anvil.rpcUrl, headers: {} },
    }
    const calls = {
      eth_blockNumber: [],
      eth_getBalance: [DEV_ACCOUNTS[0].address, 'latest'],
    }
    // The services' code is compiled as it runs: a first round through the proxy is not counted.
    await inProcess({
      ...targets['through the proxy'],
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      clients: CLIENTS,
      seconds: 2,
    })
    const rows = []
    for (const [method, params] of Object.entries(calls))
      for (const [path, target] of Object.entries(targets)) {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
        const measured = await inProcess({ ...target, body, clients: CLIENTS, seconds: SECONDS })
        rows.push({
          method,
          path,
          clients: CLIENTS,
          'req/s': Math.round(measured.requests / SECONDS),
          'p50 ms': round(percentile(measured.latencies, 0.5)),
          'p99 ms': round(percentile(measured.latencies, 0.99)),
          errors: measured.errors,
        })
      }
    console.table(rows)
  } finally {
    proxy.stop()
    await app.close()
    await database.close()
    await anvil.stop()
  }
}

async function inProcess(load: Load): Promise<Measured> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    { env: { ...process.env, BENCH_LOAD: JSON.stringify(load) }, maxBuffer: 256 * 2 ** 20 },
  )
  return JSON.parse(stdout) as Measured
}

/** CLIENTS loops of request-then-next; only answers after the warm-up count. */
async function runLoad({ url, headers, body, clients, seconds }: Load): Promise<Measured> {
  const measured: Measured = { requests: 0, errors: 0, latencies: [] }
  const counting = Date.now() + WARMUP_SECONDS * 1000
  const end = counting + seconds * 1000
  const client = async () => {
    while (Date.now() < end) {
      const started = performance.now()
      let ok = false
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        })
        const answer = (await response.json()) as { result?: unknown }
        ok = response.ok && answer.result !== undefined
      } catch {
        ok = false
      }
      if (Date.now() < counting) continue
      measured.requests++
      if (!ok) measured.errors++
      measured.latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return measured
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}
