import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEMO_GENESIS_OFFSET_SECONDS,
  DEV_ACCOUNTS,
  type DemoDeployment,
  demoTokenAbi,
  deployDemoBadges,
  deployDemoToken,
  ensureDemoDeployment,
  startAnvil,
} from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import type { Address, Hash, HttpTransport, PublicClient, WalletClient } from 'viem'
import { createPublicClient, createTestClient, createWalletClient, http, parseUnits } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { TRANSFER_BATCH, TRANSFER_SINGLE } from '../indexer/decode.ts'

/** A fresh anvil on a free port with the demo contracts deployed and seeded, for one test file. */
export interface TestChain {
  rpcUrl: string
  deployment: DemoDeployment
  client: PublicClient
  /** Sends `amount` whole units of a demo ERC-20 (or ETH) from dev account `from` and waits for it. */
  send(from: number, to: Address, amount: string, token?: 'USDC' | 'DAI' | 'WETH' | 'POINTS'): Promise<Hash>
  /** Dev account `from`, for contract calls `send` does not cover. */
  wallet(from: number): WalletClient<HttpTransport, typeof anvilChain, PrivateKeyAccount>
  /** Deploys an ERC-1155 DemoBadges ("Portico Badges", BADGE) that dev account `from` may mint. */
  deployBadges(from: number): Promise<Address>
  /** Deploys an ERC-20 DemoToken named and symbolled as given, that dev account `from` may mint. */
  deployToken(from: number, token: { name: string; symbol: string; decimals: number }): Promise<Address>
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
    const wallet = (from: number) => {
      const devAccount = DEV_ACCOUNTS[from]
      if (!devAccount) throw new Error(`No dev account ${from}`)
      return createWalletClient({
        account: privateKeyToAccount(devAccount.privateKey),
        chain: anvilChain,
        transport,
      })
    }
    return {
      rpcUrl: anvil.rpcUrl,
      deployment,
      client,
      wallet,
      // The demo deployment left its compile cache in dataDir, so this skips loading solc.
      deployBadges: (from) => deployDemoBadges(wallet(from), client, { cacheDir: dataDir }),
      deployToken: (from, token) => deployDemoToken(wallet(from), client, token, { cacheDir: dataDir }),
      async send(from, to, amount, token) {
        const hash = token
          ? await wallet(from).writeContract({
              address: deployment.tokens[token].address,
              abi: demoTokenAbi,
              functionName: 'transfer',
              args: [to, parseUnits(amount, deployment.tokens[token].decimals)],
            })
          : await wallet(from).sendTransaction({ to, value: parseUnits(amount, 18) })
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

/**
 * Every transaction hash from `fromBlock` to the head that moved value or tokens for `address`, or
 * approved or was approved by it, newest first, read straight from the node.
 */
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
      if (direct || receipt?.logs.some((log) => parties(log.topics).includes(topic as Hash)))
        hashes.push(tx.hash)
    }
  }
  return hashes
}

/** The accounts a token log names: an ERC-1155 transfer's operator comes first and is no party to it. */
function parties(topics: readonly Hash[]): readonly Hash[] {
  const [selector] = topics
  return selector === TRANSFER_SINGLE || selector === TRANSFER_BATCH ? topics.slice(2, 4) : topics.slice(1, 3)
}
