import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, demoTokenAbi, deployDemoToken, startAnvil } from '@portico/contracts'
import { freePort, setTestMulticall3 } from '@portico/contracts/testing'
import { buildServer, createProject } from '@portico/server'
import { startChainServices } from '@portico/server/testing'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { benchDatabases } from './chain.ts'
import { percentile } from './stats.ts'

/**
 * The balance route of an account holding TOKENS listed ERC-20s, one request after another on
 * loopback: cold (`forceUpdate=true`, so the tokens' query and one read of the chain each time) and
 * warm (answered from the 2 s memory), with and without Multicall3 on the chain, per database.
 * Anvil, the services and the requests share the machine's cores.
 */
const TOKENS = 20
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 300)
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3_000)
const CHAIN_ID = 8453
const PAGE = 'http://bench.example'

const chain = defineChain({
  id: CHAIN_ID,
  name: 'Bench chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const holder = DEV_ACCOUNTS[1].address
const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-balance-'))
const anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID })
try {
  const client = createPublicClient({
    chain,
    transport: http(anvil.rpcUrl),
    pollingInterval: 20,
  }) as PublicClient
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS[0].privateKey),
    chain,
    transport: http(anvil.rpcUrl),
  })
  const tokenList = []
  for (let index = 0; index < TOKENS; index++) {
    const token = { name: `Bench Token ${index}`, symbol: `BT${index}`, decimals: 18 }
    const address = await deployDemoToken(wallet, client, token, { cacheDir: dataDir })
    const hash = await wallet.writeContract({
      address,
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [holder, parseUnits(String(index + 1), 18)],
    })
    await client.waitForTransactionReceipt({ hash })
    tokenList.push({ chainId: CHAIN_ID, address, ...token })
  }

  const rows = []
  for (const multicall3 of [false, true]) {
    await setTestMulticall3(anvil.rpcUrl, multicall3, { cacheDir: dataDir })
    for (const open of await benchDatabases()) {
      const { name, database, dispose } = await open()
      const services = startChainServices(database, {
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        tokenList,
        index: false,
      })
      const app = await buildServer({ database, chain: services.chainData })
      try {
        const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
        await app.listen({ host: '127.0.0.1', port: 0 })
        const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/account/${holder}/balance?projectId=${project.id}`
        const shown = await timed(base, 1)
        if (shown.tokens !== TOKENS)
          throw new Error(`expected ${TOKENS} tokens, the route answered ${shown.tokens}`)
        for (const [reading, url, runs] of [
          ['cold (forceUpdate)', `${base}&forceUpdate=true`, COLD_RUNS],
          ['warm (memory)', base, WARM_RUNS],
        ] as const) {
          const { times } = await timed(url, runs)
          rows.push({
            database: name,
            chain: multicall3 ? 'Multicall3' : 'JSON-RPC batch',
            reading,
            requests: runs,
            'p50 ms': round(percentile(times, 0.5)),
            'p99 ms': round(percentile(times, 0.99)),
          })
        }
      } finally {
        await app.close()
        await services.stop()
        await dispose()
      }
    }
  }
  console.table(rows)
} finally {
  await anvil.stop()
  await rm(dataDir, { recursive: true, force: true })
}

/** `runs` requests one after another; the times of each, and how many tokens the last one showed. */
async function timed(url: string, runs: number) {
  const times: number[] = []
  let tokens = 0
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { origin: PAGE } })
    const body = (await response.json()) as { balances?: unknown[] }
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`the route answered ${response.status}`)
    tokens = (body.balances?.length ?? 1) - 1
  }
  return { times, tokens }
}

function round(ms: number) {
  return Math.round(ms * 100) / 100
}
