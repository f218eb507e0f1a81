import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEV_ACCOUNTS } from '@portico/contracts'
import { sql } from 'kysely'
import { getAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Resolve } from '../http/safe-fetch.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { NftResponse, testIndexer } from '../test-support/chain-data.ts'
import { indexedChainApp } from '../test-support/indexed-chain-app.ts'
import { mintFromUriProbe } from '../test-support/uri-probe.ts'
import { readCursor } from './store.ts'

// Dev accounts the demo seed leaves alone, so the holder's NFTs are exactly the probes'.
const [MINTER, HOLDER] = [8, 9] as const
const holder = DEV_ACCOUNTS[HOLDER].address
const TIMEOUT_MS = 500

let chain: TestChain
let server: Server
let port: number
/** Every path the metadata server was asked for. */
const requested: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    requested.push(url.pathname)
    const to = url.searchParams.get('to')
    if (url.pathname === '/redirect' && to) return void response.writeHead(302, { location: to }).end()
    if (url.pathname === '/huge') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"name":"')
      for (let i = 0; i < 160; i++) response.write('x'.repeat(64 * 1024))
      return void response.end('"}')
    }
    if (url.pathname === '/slow') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return void response.write('{"name":')
    }
    const name = url.pathname.match(/\/(\w+)\.json$/)?.[1]
    if (!name) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ name: `Fetched ${name}`, image: `ipfs://bafyimage/${name}.png` }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  chain = await startTestChain()
})
afterAll(async () => {
  await chain?.stop()
  server?.closeAllConnections()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
})

/** Each probe collection's token URI, and the document the indexer should have read from it, if any. */
function probes(): { name: string; uri: string; read: string | null }[] {
  const allowed = `http://allowed.example:${port}`
  return [
    { name: 'Loopback', uri: `http://127.0.0.1:${port}/loopback.json`, read: null },
    { name: 'Allowed', uri: `${allowed}/allowed.json`, read: 'allowed' },
    {
      name: 'Redirected',
      uri: `${allowed}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/redirected.json`)}`,
      read: null,
    },
    { name: 'Ipfs', uri: 'ipfs://bafymeta/gateway.json', read: 'gateway' },
    { name: 'Huge', uri: `${allowed}/huge`, read: null },
    { name: 'Slow', uri: `${allowed}/slow`, read: null },
  ]
}
const probeAddress = (index: number) => getAddress(`0x${(0xc0de00 + index).toString(16).padStart(40, '0')}`)

// allowed.example stands for a host the operator allowed; it is this machine's loopback.
const resolve: Resolve = async (hostname) => {
  if (hostname !== 'allowed.example') throw new Error(`ENOTFOUND ${hostname}`)
  return [{ address: '127.0.0.1', family: 4 }]
}

beforeAll(async () => {
  for (const [index, probe] of probes().entries()) {
    await mintFromUriProbe(chain, {
      address: probeAddress(index),
      name: `Probe ${probe.name}`,
      uri: probe.uri,
      from: MINTER,
      to: holder,
      id: BigInt(index + 1),
    })
  }
})

describeEachBackend('NFT metadata from token URIs anyone can set', (backend) => {
  // Declared before the indexing hook, so it runs first: only this backend's requests count.
  beforeAll(() => {
    requested.length = 0
  })
  // The slow URI never finishes its body: without the timeout, indexing would not return.
  const indexed = indexedChainApp(
    backend,
    () => chain,
    () => ({
      metadataTimeoutMs: TIMEOUT_MS,
      metadata: {
        ipfsGateway: `http://allowed.example:${port}/ipfs/`,
        arweaveGateway: null,
        allowHosts: ['allowed.example'],
        resolve,
      },
    }),
  )

  test("the holder's backfill finishes past every refused, cut off and timed out URI, and the head is at the chain's", async () => {
    const job = await indexed.database.db
      .selectFrom('chain_backfills')
      .select(['done', 'failures'])
      .where('chain_id', '=', chain.deployment.chainId)
      .where('address', '=', holder.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(job).toEqual({ done: true, failures: 0 })
    const cursor = await readCursor(indexed.database.db, chain.deployment.chainId)
    expect(cursor?.number).toBe(Number(await chain.client.getBlockNumber()))
  })

  test('loopback is refused unless allowed, also behind a redirect from an allowed host', () => {
    expect(requested).not.toContain('/loopback.json')
    expect(requested).not.toContain('/redirected.json')
    expect(requested).toContain('/redirect')
    expect(requested).toEqual(expect.arrayContaining(['/allowed.json', '/ipfs/bafymeta/gateway.json']))
  })

  test('every probe item lists with its collection; only the readable ones have metadata', async () => {
    const { data } = NftResponse.parse(
      (await indexed.get(`/account/${holder}/nfts?chainId=eip155:31337`)).body,
    )
    const items = probes().map((_, index) => {
      const item = data.find((entry) => entry.contract === probeAddress(index))
      return { collection: item?.collection.name, name: item?.name, image: item?.image }
    })
    expect(items).toEqual(
      probes().map((probe, index) => ({
        collection: `Probe ${probe.name}`,
        name: probe.read ? `Fetched ${probe.read}` : `Probe ${probe.name} #${index + 1}`,
        // ipfs:// images are shown through the gateway.
        image: probe.read ? `http://allowed.example:${port}/ipfs/bafyimage/${probe.read}.png` : '',
      })),
    )
  })

  test("the demo collections' on-chain data: metadata reads as before", async () => {
    const { rows } = await sql<{ name: string | null; image: string | null }>`
      select name, image from chain_nft_items
      where contract = ${chain.deployment.nfts.collection.address.toLowerCase()}`.execute(indexed.database.db)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.name).toMatch(/\S/)
      expect(row.image).toMatch(/^data:image\/svg\+xml/)
    }
  })

  test('indexing goes on after the refusals', async () => {
    const before = await readCursor(indexed.database.db, chain.deployment.chainId)
    await chain.send(MINTER, holder, '0.01')
    const indexer = testIndexer(indexed.database, chain, { metadataTimeoutMs: TIMEOUT_MS })
    await indexer.catchUp()
    await indexer.stop()
    const after = await readCursor(indexed.database.db, chain.deployment.chainId)
    expect(after?.number).toBe((before?.number ?? 0) + 1)
  })
})
