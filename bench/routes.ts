import type { AddressInfo } from 'node:net'
import { DEV_ACCOUNTS } from '@portico/contracts'
import { buildServer, createProject } from '@portico/server'
import { startChainServices } from '@portico/server/testing'
import autocannon from 'autocannon'
import { createPublicClient, http } from 'viem'
import { type BenchChain, benchDatabases, startBenchChain } from './chain.ts'
import { openLoop } from './open-loop.ts'

/**
 * The balance and history routes under load on loopback, per database, with the indexer following
 * the chain meanwhile as in production: first at a steady RATE (open loop, see open-loop.ts; the
 * target: p99 ≤ 25 ms at 2,000 req/s on Postgres), then as fast as CONNECTIONS keep-alive
 * connections can go (autocannon). Requests rotate over eight funded accounts, each with hundreds
 * of transactions, asking for their newest page as the open Activity tab does every second, while
 * a block a second pays one of them; history is measured with the page cache (history-cache.ts)
 * and without it. The generator shares the machine's cores with the server, Postgres and anvil.
 */
const RATE = 2_000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 32
const PAGE = 'http://bench.example'

const chain = await startBenchChain({ transfers: 3_000, perBlock: 50 })
const accounts = DEV_ACCOUNTS.slice(0, 8).map((account) => account.address)
try {
  const head = Number(await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber())
  const rows = []
  for (const open of await benchDatabases()) {
    const { name, database, dispose } = await open()
    const services = startChainServices(database, {
      rpcUrl: chain.rpcUrl,
      chainId: chain.deployment.chainId,
      startBlock: chain.deployment.firstBlock,
      spamCollections: [chain.deployment.nfts.spam.address],
    })
    const app = await buildServer({ database, chain: services.chainData })
    const uncached = await buildServer({
      database,
      chain: { ...services.chainData, config: { ...services.chainData.config, historyCacheMb: 0 } },
    })
    const live = keepChainMoving(chain, accounts)
    try {
      while (Number(services.indexer?.status.cursor?.number ?? -1) < head) await sleep(100)
      const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
      const base = await listen(app)
      const baseUncached = await listen(uncached)
      const query = `projectId=${project.id}&chainId=eip155:${chain.deployment.chainId}`
      const routes = {
        balance: accounts.map((address) => `${base}/${address}/balance?${query}&currency=usd`),
        history: accounts.map((address) => `${base}/${address}/history?${query}`),
        'history, page cache off': accounts.map((address) => `${baseUncached}/${address}/history?${query}`),
      }
      for (const [route, urls] of Object.entries(routes)) {
        const steady = await openLoop({
          urls,
          rate: RATE,
          seconds: SECONDS,
          warmupSeconds: 2,
          connections: CONNECTIONS,
          headers: { origin: PAGE },
        })
        rows.push({
          database: name,
          route,
          offered: `${RATE} req/s`,
          'req/s': steady.served,
          'p50 ms': steady.p50,
          'p99 ms': steady.p99,
          errors: steady.errors,
        })
        const flatOut = await load(urls)
        rows.push({
          database: name,
          route,
          offered: 'max',
          'req/s': Math.round(flatOut.requests.average),
          'p50 ms': flatOut.latency.p50,
          'p99 ms': flatOut.latency.p99,
          errors: flatOut.errors + flatOut.non2xx,
        })
      }
    } finally {
      await live.stop()
      await uncached.close()
      await app.close()
      await services.stop()
      await dispose()
    }
  }
  console.table(rows)
} finally {
  await chain.stop()
}

/** In a worker thread, so the load generator does not share the server's event loop; each connection cycles through `urls`. */
function load(urls: string[]) {
  return autocannon({
    url: urls[0] as string,
    connections: CONNECTIONS,
    duration: SECONDS,
    workers: 1,
    headers: { origin: PAGE },
    requests: urls.map((url) => ({
      method: 'GET' as const,
      path: new URL(url).pathname + new URL(url).search,
    })),
  })
}

async function listen(app: Awaited<ReturnType<typeof buildServer>>): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/account`
}

/**
 * One block a second, each paying one of the benchmarked accounts, as on a live chain: every
 * second one account's kept history pages are dropped and built again.
 */
function keepChainMoving(chain: BenchChain, accounts: string[]) {
  const payer = DEV_ACCOUNTS[8].address
  let next = 0
  const timer = setInterval(() => {
    const to = accounts[next++ % accounts.length]
    void chain.rpc('eth_sendTransaction', [{ from: payer, to, value: '0x1' }]).catch(() => {})
  }, 1_000)
  return { stop: async () => clearInterval(timer) }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
