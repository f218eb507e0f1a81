import { ServerErrorText } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { parseWalletRegistry } from './registry.ts'

const PAGE = 'https://shop.example'

interface Answer {
  data: { id: string; name: string; [field: string]: unknown }[]
  count: number
}

describeEachBackend('GET /v1/wallets', (backend) => {
  let testDb: TestDatabase
  let shipped: FastifyInstance
  let custom: FastifyInstance
  let project: Project

  beforeAll(async () => {
    testDb = await backend.open()
    project = await createProject(testDb.database.db, { name: 'Shop', origins: [PAGE] })
    shipped = await buildServer({ database: testDb.database })
    custom = await buildServer({
      database: testDb.database,
      walletRegistry: parseWalletRegistry(
        {
          wallets: [
            { id: 'evm-one', name: 'Mainnet Only', chains: ['eip155:1'], badge_type: 'certified' },
            { id: 'any-evm', name: 'Any EVM', chains: ['eip155'] },
            { id: 'sol', name: 'Sol Wallet', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
            { id: 'unknown', name: 'Says Nothing' },
          ],
        },
        'test',
      ),
    })
  })
  afterAll(async () => {
    await shipped?.close()
    await custom?.close()
    await testDb?.dispose()
  })

  const ask = async (query: string, app = shipped, origin = PAGE) => {
    const response = await app.inject({
      url: `/v1/wallets?projectId=${project.id}${query}`,
      headers: { origin },
    })
    return { status: response.statusCode, body: response.json(), bytes: response.rawPayload.length }
  }
  const list = async (query: string, app = shipped): Promise<Answer> => {
    const { status, body } = await ask(query, app)
    expect(status, JSON.stringify(body)).toBe(200)
    return body as Answer
  }

  test('pages of 40 in the registry’s order, recommended first, each wallet once', async () => {
    const first = await list('')
    expect(first.data).toHaveLength(40)
    expect(first.data.slice(0, 4).map((wallet) => wallet.name)).toEqual([
      'MetaMask',
      'Trust Wallet',
      'Base (formerly Coinbase Wallet)',
      'Rainbow',
    ])
    // The recommended wallets' inline logos ride on the first page: it stays well under 64 kB.
    expect((await ask('')).bytes).toBeLessThan(64_000)
    const pages = [first.data]
    for (let page = 2; page <= Math.ceil(first.count / 40); page++)
      pages.push((await list(`&page=${page}`)).data)
    const ids = pages.flat().map((wallet) => wallet.id)
    expect(ids).toHaveLength(first.count)
    expect(new Set(ids).size).toBe(first.count)
    expect((await list(`&page=${pages.length + 1}`)).data).toEqual([])
  })

  test('each entry carries the fields of a wallet list entry, the links checked', async () => {
    const { data } = await list('&include=me.rainbow')
    expect(data).toEqual([
      {
        id: 'me.rainbow',
        name: 'Rainbow',
        image_id: null,
        // Its logo, shipped inline: no vendor's CDN is asked for it.
        image_url: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/),
        rdns: 'me.rainbow',
        homepage: 'https://rainbow.me/',
        mobile_link: 'rainbow://',
        desktop_link: null,
        webapp_link: null,
        app_store: expect.stringMatching(/^https:\/\/apps\.apple\.com\//),
        play_store: expect.stringMatching(/^https:\/\/play\.google\.com\//),
        chrome_store: expect.stringMatching(/^https:\/\/chrome\.google\.com\/webstore\//),
        chains: [],
        badge_type: 'none',
      },
    ])
  })

  test('search finds names case-insensitively, and counts what it found', async () => {
    const rain = await list('&search=RAIN')
    expect(rain.data.map((wallet) => wallet.name)).toEqual(['Rainbow'])
    expect(rain.count).toBe(1)
    const wallet = await list('&search=wallet&entries=100')
    expect(wallet.count).toBeGreaterThan(100)
    expect(wallet.data).toHaveLength(100)
    for (const entry of wallet.data) expect(entry.name.toLowerCase()).toContain('wallet')
    expect((await list('&search=no such wallet here')).data).toEqual([])
  })

  test('include and exclude name wallets by id, rdns or name in any case', async () => {
    const included = await list('&include=io.metamask,RAINBOW,com.trustwallet.app')
    expect(included.data.map((wallet) => wallet.id)).toEqual([
      'io.metamask',
      'com.trustwallet.app',
      'me.rainbow',
    ])
    expect(included.count).toBe(3)
    const all = await list('')
    const excluded = await list('&exclude=io.metamask,trust wallet')
    expect(excluded.count).toBe(all.count - 2)
    expect(excluded.data[0]?.id).toBe('com.coinbase.wallet')
  })

  test('chains keeps the wallets that run on one of them or do not say', async () => {
    const mainnet = await list('&chains=eip155:1', custom)
    expect(mainnet.data.map((wallet) => wallet.id)).toEqual(['evm-one', 'any-evm', 'unknown'])
    const local = await list('&chains=eip155:31337', custom)
    expect(local.data.map((wallet) => wallet.id)).toEqual(['any-evm', 'unknown'])
    const certified = await list('&badge_type=certified', custom)
    expect(certified.data.map((wallet) => wallet.id)).toEqual(['evm-one'])
    expect((await list('&badge_type=none', custom)).count).toBe(4)
  })

  describe('bad parameters are 400s naming the field', () => {
    test.each([
      ['&page=0', 'query.page'],
      ['&page=-1', 'query.page'],
      ['&entries=101', 'query.entries'],
      ['&entries=ten', 'query.entries'],
      ['&entries=1.5', 'query.entries'],
      [`&search=${'a'.repeat(101)}`, 'query.search'],
      ['&badge_type=gold', 'query.badge_type'],
      ['&chains=not a chain', 'query.chains'],
      [`&include=${'x'.repeat(201)}`, 'query.include'],
      ['&page=1&page=2', 'query.page'],
    ])('%s', async (query, field) => {
      const { status, body } = await ask(query)
      expect(status).toBe(400)
      expect(body.error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}`))
    })
  })

  test('behind the project guard: a foreign page is refused', async () => {
    const { status, body } = await ask('', shipped, 'https://evil.example')
    expect(status).toBe(403)
    expect(body.error.message).toBe(ServerErrorText.ORIGIN_NOT_ALLOWED)
  })
})
