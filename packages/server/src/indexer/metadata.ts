import { type Address, erc20Abi, erc721Abi, type PublicClient, parseAbi } from 'viem'
import { z } from 'zod'
import { fetchJson, type Resolve } from '../http/safe-fetch.ts'
import type { TokenStandard } from './tables.ts'
import { cleanImageUrl, cleanName, cleanSymbol } from './token-text.ts'

const erc1155UriAbi = parseAbi(['function uri(uint256 id) view returns (string)'])

export interface TokenMetadata {
  address: string
  standard: TokenStandard
  name: string
  symbol: string
  /** Null when the contract has no readable `decimals` (NFTs, broken tokens): never shown as a balance. */
  decimals: number | null
}

/**
 * Reads name, symbol and decimals; a contract that does not answer keeps a placeholder, not a
 * failure. Name and symbol are cleaned and capped (token-text.ts), and decimals outside what a
 * token can use (0-255) count as none, so whatever a contract answers can be stored.
 */
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
    name: typeof name === 'string' ? cleanName(name) : '',
    symbol: typeof symbol === 'string' ? cleanSymbol(symbol) : '',
    decimals: validDecimals(decimals),
  }
}

function validDecimals(decimals: unknown): number | null {
  const value = Number(decimals)
  return Number.isInteger(value) && value >= 0 && value <= 255 ? value : null
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

/** Where token URIs are read from besides the open web (the `chain.metadata` option). */
export interface MetadataSources {
  /** Base URL `ipfs://<cid>/<path>` is read under, e.g. `https://ipfs.io/ipfs/`; null leaves IPFS unread. */
  ipfsGateway: string | null
  /** Base URL `ar://<id>/<path>` is read under; null leaves Arweave unread. */
  arweaveGateway: string | null
  /** Hosts read even on private addresses (`normaliseAllowedHost` entries). */
  allowHosts: readonly string[]
  /** Tests map host names to their own servers. */
  resolve?: Resolve
}

export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/'
export const DEFAULT_ARWEAVE_GATEWAY = 'https://arweave.net/'
export const DEFAULT_METADATA_SOURCES: MetadataSources = {
  ipfsGateway: DEFAULT_IPFS_GATEWAY,
  arweaveGateway: DEFAULT_ARWEAVE_GATEWAY,
  allowHosts: [],
}

/**
 * The name and preview image of one NFT from its token URI: `data:` JSON (base64 or percent-encoded),
 * or a JSON document over http(s), IPFS or Arweave read by `fetchJson`'s rules within `timeoutMs`.
 * Anything unreadable or refused leaves both null, so the item still lists, with its collection name;
 * the name is cleaned and capped like a token's.
 */
export async function readNftMetadata(
  client: PublicClient,
  contract: string,
  tokenId: bigint,
  standard: TokenStandard,
  options: MetadataSources & { timeoutMs: number },
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
    const json = NftJson.parse(await loadTokenUri(uri, options))
    const image = json.image ?? json.image_url
    const name = json.name === undefined ? '' : cleanName(json.name)
    return {
      name: name === '' ? null : name,
      image: image === undefined ? null : cleanImageUrl(httpUrl(image, options) ?? image),
    }
  } catch {
    return { name: null, image: null }
  }
}

async function loadTokenUri(uri: string, options: MetadataSources & { timeoutMs: number }): Promise<unknown> {
  if (uri.startsWith('data:')) return JSON.parse(decodeDataUri(uri))
  const url = httpUrl(uri, options)
  if (url === undefined) throw new Error(`Unread token URI: ${uri.slice(0, 16)}`)
  return fetchJson(url, {
    signal: AbortSignal.timeout(options.timeoutMs),
    allowHosts: options.allowHosts,
    resolve: options.resolve,
  })
}

/**
 * The http(s) URL a token or image URI is read at: itself, or its IPFS or Arweave gateway form
 * (`ipfs://ipfs/<cid>` too, which some collections write); undefined when there is none.
 */
export function httpUrl(
  uri: string,
  sources: Pick<MetadataSources, 'ipfsGateway' | 'arweaveGateway'>,
): string | undefined {
  if (/^https?:\/\//i.test(uri)) return uri
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(uri)
  if (ipfs?.[1] && sources.ipfsGateway) return sources.ipfsGateway + ipfs[1]
  const arweave = /^ar:\/\/(.+)$/i.exec(uri)
  if (arweave?.[1] && sources.arweaveGateway) return sources.arweaveGateway + arweave[1]
  return undefined
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
