import {
  type Chain,
  createTestClient,
  createWalletClient,
  type Hash,
  type HttpTransport,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
  type TestClient,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { demoCollectionAbi, demoTokenAbi } from './abis.ts'
import { DEV_ACCOUNTS } from './accounts.ts'
import type { CompiledContracts } from './compile.ts'
import {
  DEMO_COLLECTIONS,
  DEMO_DEPLOYER_INDEX,
  DEMO_FUNDING,
  DEMO_HISTORY,
  DEMO_SPAMMER_INDEX,
  DEMO_TOKENS,
  type HistoryEntry,
  ORB_OWNERS,
  TOKEN_KEYS,
  type TokenKey,
} from './demo.ts'
import type { DemoTokenInfo, DeploymentRecord } from './deployment.ts'
import { idealTimeline, planTimestamps } from './timeline.ts'

const FUNDED_ACCOUNTS = DEV_ACCOUNTS.slice(0, 5).map((account) => account.address)
const SETUP_TRANSACTIONS =
  TOKEN_KEYS.length + 2 + TOKEN_KEYS.length * FUNDED_ACCOUNTS.length + ORB_OWNERS.length

type Client = PublicClient<HttpTransport, Chain>

/**
 * Deploys the demo contracts on a fresh chain, funds dev accounts 0–4, and replays the demo
 * history at its planned times; then puts the chain's clock back on wall-clock time.
 */
export async function deployAndSeed(client: Client, compiled: CompiledContracts): Promise<DeploymentRecord> {
  const { chain } = client
  // No URL: the transport takes the chain's own, which deploy.ts set to the caller's rpcUrl.
  const transport = http()
  const testClient = createTestClient({ mode: 'anvil', chain, transport })
  const wallets = DEV_ACCOUNTS.map(({ privateKey }) =>
    createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport }),
  )
  const wallet = (index: number) => wallets[index] ?? missing(`dev account ${index}`)
  const deployer = wallet(DEMO_DEPLOYER_INDEX)
  const tokenCode = compiled.DemoToken?.bytecode ?? missing('DemoToken bytecode')
  const collectionCode = compiled.DemoCollection?.bytecode ?? missing('DemoCollection bytecode')

  const latest = await client.getBlock()
  const now = Math.floor(Date.now() / 1000)
  const ideal = idealTimeline(
    now,
    SETUP_TRANSACTIONS,
    DEMO_HISTORY.map((entry) => entry.daysAgo),
  )
  const times = planTimestamps(ideal, { now, latest: Number(latest.timestamp) })
  let sent = 0

  // Each transaction gets its planned block time and is mined before the next is sent, so the
  // history reads in order and later steps can rely on earlier balances.
  const transact = async (send: () => Promise<Hash>): Promise<TransactionReceipt> => {
    const time = times?.[sent]
    if (times && time === undefined) missing(`a planned time for transaction ${sent + 1}`)
    sent += 1
    if (time !== undefined) await testClient.setNextBlockTimestamp({ timestamp: BigInt(time) })
    const receipt = await client.waitForTransactionReceipt({ hash: await send() })
    if (receipt.status !== 'success') throw new Error(`Seed transaction ${receipt.transactionHash} reverted`)
    return receipt
  }

  const tokens = {} as Record<TokenKey, DemoTokenInfo>
  let firstReceipt: TransactionReceipt | undefined
  for (const key of TOKEN_KEYS) {
    const { name, symbol, decimals } = DEMO_TOKENS[key]
    const receipt = await transact(() =>
      deployer.deployContract({ abi: demoTokenAbi, bytecode: tokenCode, args: [name, symbol, decimals] }),
    )
    firstReceipt ??= receipt
    tokens[key] = { address: receipt.contractAddress ?? missing(`${symbol} address`), name, symbol, decimals }
  }
  const deployCollection = async (index: number, { name, symbol, description }: DemoCollectionSpec) => {
    const receipt = await transact(() =>
      wallet(index).deployContract({
        abi: demoCollectionAbi,
        bytecode: collectionCode,
        args: [name, symbol, description],
      }),
    )
    return { address: receipt.contractAddress ?? missing(`${symbol} address`), name, symbol }
  }
  const nfts = {
    collection: await deployCollection(DEMO_DEPLOYER_INDEX, DEMO_COLLECTIONS.collection),
    spam: await deployCollection(DEMO_SPAMMER_INDEX, DEMO_COLLECTIONS.spam),
  }

  const units = (token: TokenKey, amount: string) => parseUnits(amount, DEMO_TOKENS[token].decimals)
  const address = (index: number) => wallet(index).account.address
  for (const key of TOKEN_KEYS) {
    for (const [index, to] of FUNDED_ACCOUNTS.entries()) {
      const amount = units(key, DEMO_FUNDING[key][index] ?? missing(`${key} funding of account ${index}`))
      await transact(() =>
        deployer.writeContract({
          address: tokens[key].address,
          abi: demoTokenAbi,
          functionName: 'mint',
          args: [to, amount],
        }),
      )
    }
  }
  for (const owner of ORB_OWNERS) {
    await transact(() =>
      deployer.writeContract({
        address: nfts.collection.address,
        abi: demoCollectionAbi,
        functionName: 'mint',
        args: [address(owner)],
      }),
    )
  }

  const historyTransaction = (entry: HistoryEntry): (() => Promise<Hash>) => {
    switch (entry.kind) {
      case 'eth':
        return () =>
          wallet(entry.from).sendTransaction({ to: address(entry.to), value: parseEther(entry.amount) })
      case 'token':
        return () =>
          wallet(entry.from).writeContract({
            address: tokens[entry.token].address,
            abi: demoTokenAbi,
            functionName: 'transfer',
            args: [address(entry.to), units(entry.token, entry.amount)],
          })
      case 'approve':
        return () =>
          wallet(entry.owner).writeContract({
            address: tokens[entry.token].address,
            abi: demoTokenAbi,
            functionName: 'approve',
            args: [address(entry.spender), units(entry.token, entry.amount)],
          })
      case 'pull':
        return () =>
          wallet(entry.spender).writeContract({
            address: tokens[entry.token].address,
            abi: demoTokenAbi,
            functionName: 'transferFrom',
            args: [address(entry.owner), address(entry.spender), units(entry.token, entry.amount)],
          })
      case 'nft':
        return () =>
          wallet(entry.from).writeContract({
            address: nfts.collection.address,
            abi: demoCollectionAbi,
            functionName: 'safeTransferFrom',
            args: [address(entry.from), address(entry.to), BigInt(entry.tokenId)],
          })
      case 'airdrop':
        return () =>
          wallet(DEMO_SPAMMER_INDEX).writeContract({
            address: nfts.spam.address,
            abi: demoCollectionAbi,
            functionName: 'mint',
            args: [address(entry.to)],
          })
    }
  }
  for (const entry of DEMO_HISTORY) await transact(historyTransaction(entry))

  await resumeWallClock(client, testClient)
  const first = firstReceipt ?? missing('the first deployment')
  return {
    tokens,
    nfts,
    seededAccounts: FUNDED_ACCOUNTS,
    firstBlock: Number(first.blockNumber),
    firstBlockHash: first.blockHash,
  }
}

type DemoCollectionSpec = { name: string; symbol: string; description: string }

// Anvil keeps the offset of the last forced block time for every later block, so without this the
// chain would go on living days (or months) in the past.
async function resumeWallClock(
  client: Client,
  testClient: TestClient<'anvil', HttpTransport, Chain>,
): Promise<void> {
  const latest = await client.getBlock()
  const now = Math.floor(Date.now() / 1000)
  await testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.max(now, Number(latest.timestamp) + 1)) })
  await testClient.mine({ blocks: 1 })
}

function missing(what: string): never {
  throw new Error(`Demo seed: missing ${what}`)
}
