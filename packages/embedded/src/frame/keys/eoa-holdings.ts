import {
  type Address,
  createPublicClient,
  custom,
  getAddress,
  isAddressEqual,
  parseAbi,
  parseAbiItem,
} from 'viem'
import type { ChainRead } from '../chain-read.ts'
import type { Holding } from './eoa-assets.ts'

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
const NFT_TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
)
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

/** The frame's view of the chain, through the services' `/rpc`, as a viem client. */
export function chainClient(read: ChainRead) {
  return createPublicClient({
    transport: custom({ request: ({ method, params }) => read(method, (params ?? []) as unknown[]) }),
    pollingInterval: 1_000,
  })
}
type Client = ReturnType<typeof chainClient>

/**
 * What `owner` holds now, found from the chain itself: every token contract that ever sent it an
 * ERC-20, ERC-721 or ERC-1155 transfer (the node's logs), each asked what `owner` holds today.
 * Nothing comes from the page, which could leave an asset out.
 */
export async function findHoldings(read: ChainRead, owner: Address): Promise<Holding[]> {
  const client = chainClient(read)
  const toOwner = { args: { to: owner }, fromBlock: 0n, toBlock: 'latest' } as const
  const [fungible, nfts, singles, batches] = await Promise.all([
    client.getLogs({ event: TRANSFER, ...toOwner, strict: false }),
    client.getLogs({ event: NFT_TRANSFER, ...toOwner, strict: false }),
    client.getLogs({ event: SINGLE, ...toOwner, strict: true }),
    client.getLogs({ event: BATCH, ...toOwner, strict: true }),
  ])
  // An ERC-20's Transfer has 3 topics, an ERC-721's 4 (its token id is indexed): the same event name.
  const erc20 = unique(fungible.filter((log) => log.topics.length === 3).map((log) => log.address))
  const erc721 = nfts
    .filter((log) => log.topics.length === 4)
    .map((log) => ({ token: log.address, tokenId: BigInt(log.topics[3] ?? 0) }))
  const erc1155 = [
    ...singles.map((log) => ({ token: log.address, tokenId: log.args.id })),
    ...batches.flatMap((log) => log.args.ids.map((tokenId) => ({ token: log.address, tokenId }))),
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
    .readContract({ address: token, abi: reads, functionName: 'balanceOf', args: [owner] })
    .catch(() => 0n)
  if (amount === 0n) return undefined
  const decimals = await client
    .readContract({ address: token, abi: reads, functionName: 'decimals' })
    .catch(() => undefined)
  return { kind: 'erc20', token, name: await nameOf(client, token), amount, decimals }
}

async function nftHeld(client: Client, owner: Address, token: Address, tokenId: bigint) {
  const holder = await client
    .readContract({ address: token, abi: reads, functionName: 'ownerOf', args: [tokenId] })
    .catch(() => undefined)
  if (!holder || !isAddressEqual(holder, owner)) return undefined
  return { kind: 'erc721', token, name: await nameOf(client, token), tokenId } satisfies Holding
}

async function editionHeld(client: Client, owner: Address, token: Address, tokenId: bigint) {
  const amount = await client
    .readContract({ address: token, abi: reads, functionName: 'balanceOf', args: [owner, tokenId] })
    .catch(() => 0n)
  if (amount === 0n) return undefined
  return { kind: 'erc1155', token, name: await nameOf(client, token), tokenId, amount } satisfies Holding
}

// A stranger's token names itself: shown as its symbol, cut short, or as its address.
async function nameOf(client: Client, token: Address): Promise<string> {
  const symbol = await client
    .readContract({ address: token, abi: reads, functionName: 'symbol' })
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
