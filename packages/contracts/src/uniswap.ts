import { join } from 'node:path'
import {
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hash,
  isAddressEqual,
  type PublicClient,
  parseEther,
  parseUnits,
  type Transport,
  type WalletClient,
  zeroAddress,
} from 'viem'
import { demoTokenAbi } from './abis.ts'
import { DEMO_POOLS } from './demo.ts'
import { deployerClients } from './deployer-clients.ts'
import type { DemoTokenInfo } from './deployment.ts'
import { readRecords, writeRecords } from './record-file.ts'
import { uniswapFactoryAbi, uniswapPairAbi, uniswapRouterAbi } from './uniswap-abis.ts'
import { readUniswapArtifact, type UniswapContract } from './uniswap-artifacts.ts'

interface UniswapPool {
  symbol: string
  token: Address
  /** The token's pair with WETH. */
  pair: Address
}

export interface UniswapDeployment {
  chainId: number
  /** `deployed` the contracts and pools, `seeded` pools the recorded contracts lacked, or `reused` all. */
  status: 'deployed' | 'seeded' | 'reused'
  factory: Address
  weth: Address
  router: Address
  pools: UniswapPool[]
}

type UniswapRecord = Omit<UniswapDeployment, 'chainId' | 'status'>
type Core = Pick<UniswapRecord, 'factory' | 'weth' | 'router'>
type Wallet = WalletClient<Transport, Chain, Account>

/**
 * Makes sure the development chain at `rpcUrl` has Uniswap V2 (factory, WETH9, router, from the
 * npm packages' unmodified artifacts) and a pool between WETH and each of `tokens` at the demo's
 * prices (`DEMO_POOLS`). `tokens` must be DemoTokens the demo deployer mints. The addresses are
 * kept per chain id in `dataDir/uniswap.json`: recorded contracts still in place are reused and a
 * pool that already holds liquidity is left as trading made it, so a restart sends nothing.
 */
export async function ensureUniswap(options: {
  rpcUrl: string
  dataDir: string
  tokens: readonly DemoTokenInfo[]
  log?: (line: string) => void
}): Promise<UniswapDeployment> {
  // The licence note promises Uniswap V2 on the development chain only: refuse any other node.
  const { chainId, client, wallet } = await deployerClients(
    options.rpcUrl,
    'Uniswap V2 is deployed on a local anvil chain only',
  )
  const recordsPath = join(options.dataDir, 'uniswap.json')
  const records = await readRecords<UniswapRecord>(recordsPath)
  const recorded = records[String(chainId)]
  const reused = recorded !== undefined && (await isInPlace(client, recorded))
  const core: Core = reused ? recorded : await deployCore(wallet, client)

  const pools: UniswapPool[] = []
  let seeded = 0
  for (const token of options.tokens) {
    let pair = await pairWithLiquidity(client, core, token.address)
    if (!pair) {
      pair = await seedPool(wallet, client, core, token)
      seeded++
    }
    pools.push({ symbol: token.symbol, token: getAddress(token.address), pair })
  }
  const status = !reused ? 'deployed' : seeded > 0 ? 'seeded' : 'reused'
  if (status !== 'reused') await writeRecords(recordsPath, { ...records, [chainId]: { ...core, pools } })
  options.log?.(
    status === 'reused'
      ? `Uniswap V2 on chain ${chainId} is in place; reusing it`
      : `Uniswap V2 on chain ${chainId}: router ${core.router}, ${seeded} pool(s) seeded`,
  )
  return { chainId, status, ...core, pools }
}

/** Whether the recorded router is still there and still trades through the recorded factory and WETH. */
async function isInPlace(client: PublicClient, core: Core): Promise<boolean> {
  const codes = await Promise.all(
    [core.factory, core.weth, core.router].map((address) => client.getCode({ address })),
  )
  if (codes.some((code) => code === undefined || code === '0x')) return false
  try {
    const read = <const F extends 'factory' | 'WETH'>(functionName: F) =>
      client.readContract({ address: core.router, abi: uniswapRouterAbi, functionName })
    const [factory, weth] = await Promise.all([read('factory'), read('WETH')])
    return isAddressEqual(factory, core.factory) && isAddressEqual(weth, core.weth)
  } catch {
    // Some other contract at the recorded address (a chain started afresh): deploy anew.
    return false
  }
}

async function deployCore(wallet: Wallet, client: PublicClient): Promise<Core> {
  const deploy = async (name: UniswapContract, args: readonly unknown[]) => {
    const { abi, bytecode } = await readUniswapArtifact(name)
    const hash = await wallet.deployContract({ abi, bytecode, args })
    const { contractAddress, status } = await client.waitForTransactionReceipt({ hash })
    if (status !== 'success' || !contractAddress) throw new Error(`Deploying ${name} failed in ${hash}`)
    return getAddress(contractAddress)
  }
  // The deployer may set the protocol fee's recipient; nobody does, so every swap pays only the pool fee.
  const factory = await deploy('UniswapV2Factory', [wallet.account.address])
  const weth = await deploy('WETH9', [])
  const router = await deploy('UniswapV2Router02', [factory, weth])
  return { factory, weth, router }
}

/** The token's WETH pair, when it exists and holds reserves; an empty pair is seeded like a missing one. */
async function pairWithLiquidity(
  client: PublicClient,
  core: Core,
  token: Address,
): Promise<Address | undefined> {
  const pair = await client.readContract({
    address: core.factory,
    abi: uniswapFactoryAbi,
    functionName: 'getPair',
    args: [core.weth, token],
  })
  if (isAddressEqual(pair, zeroAddress)) return undefined
  const [reserve0, reserve1] = await client.readContract({
    address: pair,
    abi: uniswapPairAbi,
    functionName: 'getReserves',
  })
  return reserve0 > 0n && reserve1 > 0n ? getAddress(pair) : undefined
}

/** Mints the token side to the deployer and adds it with `DEMO_POOLS.depthEth` ether at the demo price. */
async function seedPool(
  wallet: Wallet,
  client: PublicClient,
  core: Core,
  token: DemoTokenInfo,
): Promise<Address> {
  const priceUsd = DEMO_POOLS.tokenPricesUsd[token.symbol]
  if (!priceUsd) throw new Error(`No demo pool price for ${token.symbol}`)
  const ethAmount = parseEther(String(DEMO_POOLS.depthEth))
  const tokenAmount = parseUnits(
    ((DEMO_POOLS.depthEth * DEMO_POOLS.ethUsd) / priceUsd).toFixed(token.decimals),
    token.decimals,
  )
  const confirm = async (hash: Hash) => {
    const { status } = await client.waitForTransactionReceipt({ hash })
    if (status !== 'success') throw new Error(`Seeding the ${token.symbol} pool failed in ${hash}`)
  }
  const deployer = wallet.account.address
  await confirm(
    await wallet.writeContract({
      address: token.address,
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [deployer, tokenAmount],
    }),
  )
  await confirm(
    await wallet.writeContract({
      address: token.address,
      abi: demoTokenAbi,
      functionName: 'approve',
      args: [core.router, tokenAmount],
    }),
  )
  const { timestamp } = await client.getBlock()
  // The first liquidity sets the price, so the minimums are the amounts themselves.
  await confirm(
    await wallet.writeContract({
      address: core.router,
      abi: uniswapRouterAbi,
      functionName: 'addLiquidityETH',
      args: [token.address, tokenAmount, tokenAmount, ethAmount, deployer, timestamp + 3_600n],
      value: ethAmount,
    }),
  )
  const pair = await pairWithLiquidity(client, core, token.address)
  if (!pair) throw new Error(`The ${token.symbol} pool holds no liquidity after seeding`)
  return pair
}
