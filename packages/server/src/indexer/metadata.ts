import { type Address, erc20Abi, erc721Abi, type PublicClient, parseAbi } from 'viem'
import { z } from 'zod'
import type { TokenStandard } from './tables.ts'

const erc1155UriAbi = parseAbi(['function uri(uint256 id) view returns (string)'])

export interface TokenMetadata {
  address: string
  standard: TokenStandard
  name: string
  symbol: string
  /** Null when the contract has no readable `decimals` (NFTs, broken tokens): never shown as a balance. */
  decimals: number | null
}

/** Reads name, symbol and decimals; a contract that does not answer keeps a placeholder, not a failure. */
export async function readTokenMetadata(
  client: PublicClient,
  address: string,
  standard: TokenStandard,
): Promise<TokenMetadata> {
  const read = <T>(functionName: 'name' | 'symbol' | 'decimals'): Promise<T | undefined> =>
    client
      .readContract({ address: address as Address, abi: erc20Abi, functionName })
      .then((value) => value as T)
      .catch(() => undefined)
  const [name, symbol, decimals] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    standard === 'erc20' ? read<number>('decimals') : Promise.resolve(undefined),
  ])
  return {
    address,
    standard,
    name: name ?? '',
    symbol: symbol ?? '',
    decimals: decimals === undefined ? null : Number(decimals),
  }
}

const NftJson = z.looseObject({
  name: z.string().optional().catch(undefined),
  image: z.string().optional().catch(undefined),
  image_url: z.string().optional().catch(undefined),
})

export interface NftMetadata {
  name: string | null
  image: string | null
}

/**
 * The name and preview image of one NFT from its token URI: `data:` JSON (base64 or percent-encoded)
 * or an http(s) document fetched with a timeout. Anything unreadable leaves both null, so the item
 * still lists, with its collection name.
 */
export async function readNftMetadata(
  client: PublicClient,
  contract: string,
  tokenId: bigint,
  standard: TokenStandard,
  timeoutMs: number,
): Promise<NftMetadata> {
  try {
    const uri =
      standard === 'erc1155'
        ? (
            await client.readContract({
              address: contract as Address,
              abi: erc1155UriAbi,
              functionName: 'uri',
              args: [tokenId],
            })
          ).replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
        : await client.readContract({
            address: contract as Address,
            abi: erc721Abi,
            functionName: 'tokenURI',
            args: [tokenId],
          })
    const document = await loadTokenUri(uri, timeoutMs)
    const json = NftJson.parse(JSON.parse(document))
    return { name: json.name ?? null, image: json.image ?? json.image_url ?? null }
  } catch {
    return { name: null, image: null }
  }
}

export async function loadTokenUri(uri: string, timeoutMs: number): Promise<string> {
  if (uri.startsWith('data:')) return decodeDataUri(uri)
  if (!/^https?:\/\//i.test(uri)) throw new Error(`Unsupported token URI scheme: ${uri.slice(0, 16)}`)
  const response = await fetch(uri, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' })
  if (!response.ok) throw new Error(`Token URI answered ${response.status}`)
  return response.text()
}

export function decodeDataUri(uri: string): string {
  const comma = uri.indexOf(',')
  if (comma < 0) throw new Error('Malformed data: URI')
  const header = uri.slice(5, comma)
  const payload = uri.slice(comma + 1)
  return header.split(';').includes('base64')
    ? Buffer.from(payload, 'base64').toString('utf8')
    : decodeURIComponent(payload)
}
