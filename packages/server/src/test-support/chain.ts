import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEMO_GENESIS_OFFSET_SECONDS,
  DEV_ACCOUNTS,
  type DemoDeployment,
  demoTokenAbi,
  ensureDemoDeployment,
  startAnvil,
} from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'

/** A fresh anvil on a free port with the demo contracts deployed and seeded, for one test file. */
export interface TestChain {
  rpcUrl: string
  deployment: DemoDeployment
  client: PublicClient
  /** Sends `amount` whole units of a demo ERC-20 (or ETH) from dev account `from` and waits for it. */
  send(from: number, to: Address, amount: string, token?: 'USDC' | 'DAI' | 'WETH' | 'POINTS'): Promise<Hash>
  snapshot(): Promise<Hash>
  revert(id: Hash): Promise<void>
  mine(blocks?: number): Promise<void>
  stop(): Promise<void>
}

export async function startTestChain(): Promise<TestChain> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-chain-'))
  const anvil = await startAnvil({
    port: await freePort(),
    genesisTimestamp: Math.floor(Date.now() / 1000) - DEMO_GENESIS_OFFSET_SECONDS,
  })
  try {
    const deployment = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    const transport = http(anvil.rpcUrl)
    const client = createPublicClient({ chain: anvilChain, transport, pollingInterval: 20 }) as PublicClient
    const test = createTestClient({ mode: 'anvil', chain: anvilChain, transport })
    return {
      rpcUrl: anvil.rpcUrl,
      deployment,
      client,
      async send(from, to, amount, token) {
        const devAccount = DEV_ACCOUNTS[from]
        if (!devAccount) throw new Error(`No dev account ${from}`)
        const wallet = createWalletClient({
          account: privateKeyToAccount(devAccount.privateKey),
          chain: anvilChain,
          transport,
        })
        const hash = token
          ? await wallet.writeContract({
              address: deployment.tokens[token].address,
              abi: demoTokenAbi,
              functionName: 'transfer',
              args: [to, parseUnits(amount, deployment.tokens[token].decimals)],
            })
          : await wallet.sendTransaction({ to, value: parseUnits(amount, 18) })
        await client.waitForTransactionReceipt({ hash })
        return hash
      },
      snapshot: () => test.snapshot(),
      revert: (id) => test.revert({ id }),
      mine: (blocks = 1) => test.mine({ blocks }),
      async stop() {
        await anvil.stop()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await anvil.stop()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/** Every transaction hash from `fromBlock` to the head that moved value or tokens for `address`, newest first, read straight from the node. */
export async function involvedHashes(
  client: PublicClient,
  fromBlock: number,
  address: Address,
): Promise<Hash[]> {
  const lower = address.toLowerCase()
  const topic = `0x${lower.slice(2).padStart(64, '0')}`
  const head = Number(await client.getBlockNumber())
  const hashes: Hash[] = []
  for (let number = head; number >= fromBlock; number--) {
    const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    for (const tx of [...block.transactions].reverse()) {
      const direct = tx.from.toLowerCase() === lower || tx.to?.toLowerCase() === lower
      const receipt = direct ? undefined : await client.getTransactionReceipt({ hash: tx.hash })
      if (direct || receipt?.logs.some((log) => log.topics.slice(1, 3).includes(topic as Hash)))
        hashes.push(tx.hash)
    }
  }
  return hashes
}
