import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  isAddress,
  isAddressEqual,
  parseAbi,
} from 'viem'
import { z } from 'zod/mini'
import { type ChainRead, quantity } from '../chain-read.ts'
import type { KeyCall } from './custody.ts'
import type { Holding } from './eoa-assets.ts'

const reads = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** The frame's view of the chain, through the services' `/rpc`: a contract's view, a balance. */
export function chainClient(read: ChainRead) {
  return {
    // Typed by the caller: `T` is what the function named returns.
    async readContract<T>(call: {
      address: Address
      abi: typeof reads
      functionName: string
      args?: readonly unknown[]
    }): Promise<T> {
      const data = encodeFunctionData(call as never)
      const answer = await read('eth_call', [{ to: call.address, data }, 'latest'])
      return decodeFunctionResult({ abi: reads, functionName: call.functionName, data: answer } as never) as T
    },
    getBalance: async ({ address }: { address: Address }) =>
      quantity(await read('eth_getBalance', [address, 'latest'])),
  }
}
type Client = ReturnType<typeof chainClient>

// zod/mini as in the rest of the frame: classic zod's share of zod's core would land in frame.js.
const TouchedAnswer = z.object({
  indexed: z.boolean(),
  touched: z.array(
    z.object({
      standard: z.enum(['erc20', 'erc721', 'erc1155']),
      contract: z.string().check(z.refine((value) => isAddress(value, { strict: false }))),
      tokenId: z.nullable(z.string().check(z.regex(/^\d{1,78}$/))),
    }),
  ),
})
/** A token contract (with the NFT's id) the services' index saw the address receive. */
export type Touched = z.output<typeof TouchedAnswer>['touched'][number]

/**
 * The tokens the session's address ever received, from the services' index of it (a node's logs from
 * block 0 are refused by most); undefined while the services have not read the address's past yet,
 * as a list made then would leave assets out.
 */
export async function touchedTokens(call: KeyCall): Promise<Touched[] | undefined> {
  const answer = TouchedAnswer.parse(await call('/key/rotation/assets'))
  return answer.indexed ? answer.touched : undefined
}

/**
 * What `owner` holds now of every token `touched` lists: each contract asked what `owner` holds
 * today. The index only says where to look; the amounts are the chain's.
 */
export async function findHoldings(read: ChainRead, owner: Address, touched: Touched[]): Promise<Holding[]> {
  const client = chainClient(read)
  const erc20 = unique(touched.filter((item) => item.standard === 'erc20').map((item) => item.contract))
  const withIds = (standard: Touched['standard']) =>
    uniqueIds(
      touched
        .filter((item) => item.standard === standard && item.tokenId !== null)
        .map((item) => ({ token: getAddress(item.contract), tokenId: BigInt(item.tokenId ?? 0) })),
    )
  const held = await Promise.all([
    ...erc20.map((token) => fungibleHeld(client, owner, token)),
    ...withIds('erc721').map(({ token, tokenId }) => nftHeld(client, owner, token, tokenId)),
    ...withIds('erc1155').map(({ token, tokenId }) => editionHeld(client, owner, token, tokenId)),
  ])
  return held.filter((holding) => holding !== undefined)
}

async function fungibleHeld(client: Client, owner: Address, token: Address): Promise<Holding | undefined> {
  const amount = await client
    .readContract<bigint>({ address: token, abi: reads, functionName: 'balanceOf', args: [owner] })
    .catch(() => 0n)
  if (amount === 0n) return undefined
  const decimals = await client
    .readContract<number>({ address: token, abi: reads, functionName: 'decimals' })
    .catch(() => undefined)
  return { kind: 'erc20', token, name: await nameOf(client, token), amount, decimals }
}

async function nftHeld(client: Client, owner: Address, token: Address, tokenId: bigint) {
  const holder = await client
    .readContract<Address>({ address: token, abi: reads, functionName: 'ownerOf', args: [tokenId] })
    .catch(() => undefined)
  if (!holder || !isAddressEqual(holder, owner)) return undefined
  return { kind: 'erc721', token, name: await nameOf(client, token), tokenId } satisfies Holding
}

async function editionHeld(client: Client, owner: Address, token: Address, tokenId: bigint) {
  const amount = await client
    .readContract<bigint>({ address: token, abi: reads, functionName: 'balanceOf', args: [owner, tokenId] })
    .catch(() => 0n)
  if (amount === 0n) return undefined
  return { kind: 'erc1155', token, name: await nameOf(client, token), tokenId, amount } satisfies Holding
}

// A stranger's token names itself: shown as its symbol, cut short, or as its address.
async function nameOf(client: Client, token: Address): Promise<string> {
  const symbol = await client
    .readContract<string>({ address: token, abi: reads, functionName: 'symbol' })
    .catch(() => '')
  const clean = symbol.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 16)
  return clean || token
}

function unique(addresses: string[]): Address[] {
  return [...new Set(addresses.map((address) => getAddress(address)))]
}

function uniqueIds(items: Array<{ token: Address; tokenId: bigint }>) {
  const seen = new Map(items.map((item) => [`${getAddress(item.token)}:${item.tokenId}`, item]))
  return [...seen.values()]
}
