import {
  type Address,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  pad,
  parseAbi,
  parseAbiItem,
  toEventSelector,
} from 'viem'
import { type ChainRead, quantity } from '../chain-read.ts'
import type { Holding } from './eoa-assets.ts'

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
const SINGLE = parseAbiItem(
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
)
const BATCH = parseAbiItem(
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
)
const reads = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** The frame's view of the chain, through the services' `/rpc`: a contract's view, a log query. */
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
    async logs(
      topic: Hex,
      toTopic: number,
      owner: Address,
    ): Promise<Array<{ address: Address; topics: Hex[]; data: Hex }>> {
      const topics: Array<Hex | null> = [topic, null, null, null].slice(0, toTopic + 1) as Array<Hex | null>
      topics[toTopic] = pad(owner)
      return (await read('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', topics }])) as never
    },
  }
}
type Client = ReturnType<typeof chainClient>

/**
 * What `owner` holds now, found from the chain itself: every token contract that ever sent it an
 * ERC-20, ERC-721 or ERC-1155 transfer (the node's logs), each asked what `owner` holds today.
 * Nothing comes from the page, which could leave an asset out.
 */
export async function findHoldings(read: ChainRead, owner: Address): Promise<Holding[]> {
  const client = chainClient(read)
  const [transfers, singles, batches] = await Promise.all([
    client.logs(toEventSelector(TRANSFER), 2, owner),
    client.logs(toEventSelector(SINGLE), 3, owner),
    client.logs(toEventSelector(BATCH), 3, owner),
  ])
  // An ERC-20's Transfer has 3 topics, an ERC-721's 4 (its token id is indexed): the same event name.
  const erc20 = unique(transfers.filter((log) => log.topics.length === 3).map((log) => log.address))
  const erc721 = transfers
    .filter((log) => log.topics.length === 4)
    .map((log) => ({ token: log.address, tokenId: BigInt(log.topics[3] ?? 0) }))
  const erc1155 = [
    ...singles.map((log) => ({
      token: log.address,
      tokenId: (decodeEventLog({ abi: [SINGLE], ...log } as never).args as { id: bigint }).id,
    })),
    ...batches.flatMap((log) =>
      (decodeEventLog({ abi: [BATCH], ...log } as never).args as { ids: bigint[] }).ids.map((tokenId) => ({
        token: log.address,
        tokenId,
      })),
    ),
  ]
  const held = await Promise.all([
    ...erc20.map((token) => fungibleHeld(client, owner, token)),
    ...uniqueIds(erc721).map(({ token, tokenId }) => nftHeld(client, owner, token, tokenId)),
    ...uniqueIds(erc1155).map(({ token, tokenId }) => editionHeld(client, owner, token, tokenId)),
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

function unique(addresses: Address[]): Address[] {
  return [...new Set(addresses.map((address) => getAddress(address)))]
}

function uniqueIds(items: Array<{ token: Address; tokenId: bigint }>) {
  const seen = new Map(items.map((item) => [`${getAddress(item.token)}:${item.tokenId}`, item]))
  return [...seen.values()]
}
