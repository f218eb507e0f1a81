import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readNftMetadata } from './metadata.ts'

const CONTRACT = '0x00000000000000000000000000000000000000cc'
let server: Server
let base: string
const requested: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '')
    if (!request.url?.endsWith('.json')) return void response.writeHead(404).end()
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ name: `Item ${request.url}`, image: 'https://images.example/item.png' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

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
      1_000,
    )
    const id = `${'0'.repeat(61)}abc`
    expect(calls).toEqual([`uri(${0xabcn})`])
    expect(requested).toEqual([`/badges/${id}.json`])
    expect(metadata).toEqual({ name: `Item /badges/${id}.json`, image: 'https://images.example/item.png' })
  })

  test('ERC-721 reads tokenURI(id) as it is', async () => {
    requested.length = 0
    const calls: string[] = []
    const metadata = await readNftMetadata(node(`${base}/orbs/7.json`, calls), CONTRACT, 7n, 'erc721', 1_000)
    expect(calls).toEqual(['tokenURI(7)'])
    expect(requested).toEqual(['/orbs/7.json'])
    expect(metadata.name).toBe('Item /orbs/7.json')
  })

  test('a URI that does not answer leaves name and image empty rather than failing the batch', async () => {
    const metadata = await readNftMetadata(node(`${base}/gone`, []), CONTRACT, 1n, 'erc1155', 1_000)
    expect(metadata).toEqual({ name: null, image: null })
  })
})
