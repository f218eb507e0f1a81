import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEV_ACCOUNTS,
  type DemoDeployment,
  demoTokenAbi,
  ensureDemoDeployment,
  startAnvil,
} from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { type Database, openDatabase } from '@portico/server'
import { createScratchDatabase } from '@portico/server/testing'
import { encodeFunctionData, type Hex, numberToHex, parseUnits } from 'viem'

export interface BenchChain {
  rpcUrl: string
  deployment: DemoDeployment
  rpc(method: string, params: unknown[]): Promise<unknown>
  stop(): Promise<void>
}

/** Anvil with the demo deployed; `transfers` more ERC-20 and ETH transfers packed `perBlock` to a block. */
export async function startBenchChain(options: { transfers: number; perBlock: number }): Promise<BenchChain> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-chain-'))
  const anvil = await startAnvil({ port: await freePort() })
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const { result, error } = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (error) throw new Error(`${method}: ${error.message}`)
    return result
  }
  const deployment = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
  // Without automine, anvil queues the sends (nonces assigned as they arrive) and one
  // evm_mine packs them into a block: thousands of transfers in seconds.
  await rpc('evm_setAutomine', [false])
  const senders = DEV_ACCOUNTS.slice(0, 4).map((account) => account.address)
  const receivers = DEV_ACCOUNTS.slice(4, 8).map((account) => account.address)
  const usdc = deployment.tokens.USDC.address
  // Explicit nonces: concurrent sends from one account would otherwise race for the same one.
  const nonces = new Map<string, number>()
  for (const sender of senders) {
    nonces.set(sender, Number(BigInt((await rpc('eth_getTransactionCount', [sender, 'pending'])) as string)))
  }
  const nextNonce = (from: string) => {
    const nonce = nonces.get(from) ?? 0
    nonces.set(from, nonce + 1)
    return numberToHex(nonce)
  }
  for (let sent = 0; sent < options.transfers; ) {
    const batch = Math.min(options.perBlock, options.transfers - sent)
    await Promise.all(
      Array.from({ length: batch }, (_, index) => {
        const n = sent + index
        const from = senders[n % senders.length] as Hex
        const to = receivers[n % receivers.length] as Hex
        return n % 4 === 0
          ? rpc('eth_sendTransaction', [
              { from, to, nonce: nextNonce(from), value: numberToHex(parseUnits('0.001', 18)) },
            ])
          : rpc('eth_sendTransaction', [
              {
                from,
                to: usdc,
                nonce: nextNonce(from),
                data: encodeFunctionData({
                  abi: demoTokenAbi,
                  functionName: 'transfer',
                  args: [to, 1_000n + BigInt(n)],
                }),
              },
            ])
      }),
    )
    await rpc('evm_mine', [])
    sent += batch
  }
  await rpc('evm_setAutomine', [true])
  const pending = (await rpc('eth_getBlockByNumber', ['pending', false])) as {
    transactions: unknown[]
  } | null
  if (pending && pending.transactions.length > 0) throw new Error('Some prefill transactions were not mined')
  return {
    rpcUrl: anvil.rpcUrl,
    deployment,
    rpc,
    async stop() {
      await anvil.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface BenchDatabase {
  name: 'pglite' | 'postgres'
  database: Database
  dispose(): Promise<void>
}

/** PGlite in memory, and — when BENCH_DATABASE_URL names a server where we may create databases — a fresh Postgres database. */
export async function benchDatabases(): Promise<Array<() => Promise<BenchDatabase>>> {
  const openers: Array<() => Promise<BenchDatabase>> = [
    async () => {
      const database = await openDatabase({})
      return { name: 'pglite', database, dispose: () => database.close() }
    },
  ]
  const adminUrl = process.env.BENCH_DATABASE_URL
  if (adminUrl) {
    openers.push(async () => {
      const scratch = await createScratchDatabase(adminUrl, `portico_bench_${Date.now()}`)
      const database = await openDatabase({ databaseUrl: scratch.url })
      return {
        name: 'postgres',
        database,
        dispose: async () => {
          await database.close()
          await scratch.drop()
        },
      }
    })
  } else {
    console.warn('BENCH_DATABASE_URL is not set: Postgres is skipped')
  }
  return openers
}
