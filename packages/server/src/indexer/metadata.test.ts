import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_METADATA_SOURCES, httpUrl, readNftMetadata, readTokenMetadata } from './metadata.ts'

const CONTRACT = '0x00000000000000000000000000000000000000cc'
let server: Server
let base: string
const requested: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '')
    if (!request.url?.endsWith('.json')) return void response.writeHead(404).end()
    response.setHeader('content-type', 'application/json')
    const image = request.url.startsWith('/ipfs/')
      ? 'ipfs://ipfs/bafyimage/1.png'
      : 'https://images.example/item.png'
    response.end(JSON.stringify({ name: `Item ${request.url}`, image }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** The test server is on loopback, which only an allowed host may be. */
const LOCAL = { ...DEFAULT_METADATA_SOURCES, allowHosts: ['127.0.0.1'], timeoutMs: 1_000 }

/** A node that answers the one URI read with `uri` and records which function was called. */
function node(uri: string, calls: string[]): PublicClient {
  const readContract = async ({ functionName, args }: { functionName: string; args: readonly bigint[] }) => {
    calls.push(`${functionName}(${args.join(',')})`)
    return uri
  }
  return { readContract } as unknown as PublicClient
}

describe('NFT metadata', () => {
  test('ERC-1155 reads uri(id) and fills in {id} as 64 lower-case hex digits without 0x', async () => {
    requested.length = 0
    const calls: string[] = []
    const metadata = await readNftMetadata(
      node(`${base}/badges/{id}.json`, calls),
      CONTRACT,
      0xabcn,
      'erc1155',
      LOCAL,
    )
    const id = `${'0'.repeat(61)}abc`
    expect(calls).toEqual([`uri(${0xabcn})`])
    expect(requested).toEqual([`/badges/${id}.json`])
    // The echoed name is longer than names are kept (64 characters).
    expect(metadata).toEqual({
      name: `Item /badges/${id}.json`.slice(0, 64),
      image: 'https://images.example/item.png',
    })
  })

  test('ERC-721 reads tokenURI(id) as it is', async () => {
    requested.length = 0
    const calls: string[] = []
    const metadata = await readNftMetadata(node(`${base}/orbs/7.json`, calls), CONTRACT, 7n, 'erc721', LOCAL)
    expect(calls).toEqual(['tokenURI(7)'])
    expect(requested).toEqual(['/orbs/7.json'])
    expect(metadata.name).toBe('Item /orbs/7.json')
  })

  test('a URI that does not answer leaves name and image empty rather than failing the batch', async () => {
    const metadata = await readNftMetadata(node(`${base}/gone`, []), CONTRACT, 1n, 'erc1155', LOCAL)
    expect(metadata).toEqual({ name: null, image: null })
  })

  test('a loopback URI is not even requested unless its host is allowed', async () => {
    requested.length = 0
    const uri = `${base}/orbs/8.json`
    const refused = await readNftMetadata(node(uri, []), CONTRACT, 8n, 'erc721', { ...LOCAL, allowHosts: [] })
    expect(refused).toEqual({ name: null, image: null })
    expect(requested).toEqual([])
  })

  test('ipfs:// token URIs are read through the gateway, and ipfs:// images shown in its form', async () => {
    requested.length = 0
    const sources = { ...LOCAL, ipfsGateway: `${base}/ipfs/` }
    const metadata = await readNftMetadata(
      node('ipfs://bafymeta/9.json', []),
      CONTRACT,
      9n,
      'erc721',
      sources,
    )
    expect(requested).toEqual(['/ipfs/bafymeta/9.json'])
    expect(metadata).toEqual({ name: 'Item /ipfs/bafymeta/9.json', image: `${base}/ipfs/bafyimage/1.png` })
    const off = await readNftMetadata(node('ipfs://bafymeta/9.json', []), CONTRACT, 9n, 'erc721', {
      ...sources,
      ipfsGateway: null,
    })
    expect(off).toEqual({ name: null, image: null })
    expect(requested).toHaveLength(1)
  })
})

test('token and image URIs: http(s) as they are, IPFS and Arweave in their gateway form, nothing else', () => {
  const gateways = { ipfsGateway: 'https://ipfs.io/ipfs/', arweaveGateway: 'https://arweave.net/' }
  expect(httpUrl('https://meta.example/1.json', gateways)).toBe('https://meta.example/1.json')
  expect(httpUrl('HTTP://meta.example/1', gateways)).toBe('HTTP://meta.example/1')
  expect(httpUrl('ipfs://bafy/1.json', gateways)).toBe('https://ipfs.io/ipfs/bafy/1.json')
  expect(httpUrl('ipfs://ipfs/bafy/1.json', gateways)).toBe('https://ipfs.io/ipfs/bafy/1.json')
  expect(httpUrl('ar://tx-id/1.json', gateways)).toBe('https://arweave.net/tx-id/1.json')
  expect(httpUrl('ipfs://bafy', { ...gateways, ipfsGateway: null })).toBeUndefined()
  expect(httpUrl('ar://tx-id', { ...gateways, arweaveGateway: null })).toBeUndefined()
  for (const other of ['ipfs://', 'file:///etc/passwd', 'ftp://x/1', 'gopher://x', 'data:,{}', '/1.json']) {
    expect(httpUrl(other, gateways)).toBeUndefined()
  }
})

describe("a contract's or token URI's own text", () => {
  test('token name and symbol are cleaned and capped, and decimals out of range count as none', async () => {
    const answers: Record<string, unknown> = {
      name: `evil\u0000${'n'.repeat(100)}`,
      symbol: 'US\u202eDC',
      decimals: 2 ** 40,
    }
    const client = {
      readContract: async ({ functionName }: { functionName: string }) => answers[functionName],
    }
    const metadata = await readTokenMetadata(client as unknown as PublicClient, CONTRACT, 'erc20')
    expect(metadata).toEqual({
      address: CONTRACT,
      standard: 'erc20',
      name: `evil${'n'.repeat(60)}`,
      symbol: 'USDC',
      decimals: null,
    })
  })

  test('an NFT name is cleaned and capped like a token name, an image URL with a NUL is no image', async () => {
    const json = { name: `Orb\u0000 #1${'!'.repeat(100)}`, image: 'https://images.example/\u0000.png' }
    const uri = `data:application/json,${encodeURIComponent(JSON.stringify(json))}`
    const metadata = await readNftMetadata(node(uri, []), CONTRACT, 1n, 'erc721', LOCAL)
    expect(metadata).toEqual({ name: `Orb #1${'!'.repeat(58)}`, image: null })
  })
})
