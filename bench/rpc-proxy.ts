import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { buildServer, createProject, openDatabase } from '@portico/server'
import { startRpcProxy } from '@portico/server/testing'
import { numberToHex } from 'viem'
import { percentile } from './stats.ts'

/**
 * The services' RPC proxy against the node it forwards to: eth_blockNumber and
 * eth_getBalance, CLIENTS concurrent clients each sending its next request as soon as the last is
 * answered, for SECONDS (after 1 s of warm-up), through `POST /v1/rpc` and straight to anvil. The
 * load runs in a process of its own (this file again, with BENCH_LOAD set), so it does not share the
 * proxy's event loop; anvil, the services and the load share the machine's cores.
 *
 * The same eth_getBalance again and again is answered from the proxy's memory within a block
 * (head-cache.ts); "a new address each call" never is, so it shows what forwarding costs. A second
 * table sets one call the proxy keeps against one it must forward, with one client (no queueing).
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
  /** Asks eth_getBalance of a new address each time instead of sending `body`. */
  newAddressEachCall?: boolean
}

/** The rows: a method, and whether each call asks of a new address. */
const CALLS = [
  { method: 'eth_blockNumber', params: [] },
  { method: 'eth_getBalance', params: [DEV_ACCOUNTS[0].address, 'latest'] },
  { method: 'eth_getBalance', label: 'eth_getBalance, a new address each call', newAddressEachCall: true },
] as const

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
  // The load comes from one address, where a real one comes from many: the per-IP and per-project
  // limits (200 and 2,000 units a second) would answer most of it with 429s.
  const proxy = startRpcProxy({
    upstreams: { 31337: [anvil.rpcUrl] },
    limits: { ipPerSecond: 1_000_000, projectPerSecond: 100_000_000 },
  })
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
    // The services' code is compiled as it runs: a first round through the proxy is not counted.
    await inProcess({
      ...targets['through the proxy'],
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      clients: CLIENTS,
      seconds: 2,
    })
    const rows = []
    for (const call of CALLS)
      for (const [path, target] of Object.entries(targets)) {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: call.method,
          params: 'params' in call ? call.params : [],
        })
        const newAddressEachCall = 'newAddressEachCall' in call
        const load = { ...target, body, clients: CLIENTS, seconds: SECONDS, newAddressEachCall }
        const measured = await inProcess(load)
        rows.push({
          method: 'label' in call ? call.label : call.method,
          path,
          clients: CLIENTS,
          'req/s': Math.round(measured.requests / SECONDS),
          'p50 ms': round(percentile(measured.latencies, 0.5)),
          'p99 ms': round(percentile(measured.latencies, 0.99)),
          errors: measured.errors,
        })
      }
    console.table(rows)
    console.table(await keptAgainstForwarded(targets['through the proxy']))
  } finally {
    proxy.stop()
    await app.close()
    await database.close()
    await anvil.stop()
  }
}

/** One client through the proxy: a call it keeps against one it forwards, and how many times faster. */
async function keptAgainstForwarded(target: { url: string; headers: Record<string, string> }) {
  const balance = {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getBalance',
    params: [DEV_ACCOUNTS[0].address, 'latest'],
  }
  const one = { ...target, body: JSON.stringify(balance), clients: 1, seconds: SECONDS }
  const kept = await inProcess(one)
  const forwarded = await inProcess({ ...one, newAddressEachCall: true })
  const p50 = { kept: percentile(kept.latencies, 0.5), forwarded: percentile(forwarded.latencies, 0.5) }
  return [
    {
      call: 'eth_getBalance, kept (same address)',
      'req/s': Math.round(kept.requests / SECONDS),
      'p50 ms': round(p50.kept, 2),
      errors: kept.errors,
    },
    {
      call: 'eth_getBalance, forwarded (new address)',
      'req/s': Math.round(forwarded.requests / SECONDS),
      'p50 ms': round(p50.forwarded, 2),
      errors: forwarded.errors,
    },
    {
      call: 'forwarded p50 / kept p50',
      'req/s': '',
      'p50 ms': round(p50.forwarded / p50.kept, 1),
      errors: '',
    },
  ]
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
async function runLoad({
  url,
  headers,
  body,
  clients,
  seconds,
  newAddressEachCall,
}: Load): Promise<Measured> {
  const measured: Measured = { requests: 0, errors: 0, latencies: [] }
  const counting = Date.now() + WARMUP_SECONDS * 1000
  const end = counting + seconds * 1000
  let asked = 0
  const next = () =>
    newAddressEachCall
      ? JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getBalance',
          params: [numberToHex(0xb0000 + asked++, { size: 20 }), 'latest'],
        })
      : body
  const client = async () => {
    while (Date.now() < end) {
      const started = performance.now()
      let ok = false
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: next(),
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

function round(value: number, digits = 1): number {
  return Math.round(value * 10 ** digits) / 10 ** digits
}
