import { DEV_ACCOUNTS } from '@portico/contracts'
import { ErrorText } from '@portico/core/shared'
import { getAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import {
  BalanceResponse,
  HistoryResponse,
  NftResponse,
  PAGE,
  testIndexer,
  USDC_ICON,
  WETH_ICON,
} from '../test-support/chain-data.ts'
import { indexedChainApp } from '../test-support/indexed-chain-app.ts'

const me = DEV_ACCOUNTS[0].address
const stranger = DEV_ACCOUNTS[7].address
let chain: TestChain

beforeAll(async () => {
  chain = await startTestChain()
})
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend('chain-data routes', (backend) => {
  const indexed = indexedChainApp(backend, () => chain)
  let projectId: string

  beforeAll(async () => {
    projectId = (await indexed.database.db.selectFrom('projects').select('id').executeTakeFirstOrThrow()).id
  })

  const post = async (path: string, payload: unknown) => {
    const response = await indexed.app.inject({
      method: 'POST',
      url: `/v1${path}?projectId=${projectId}`,
      headers: { origin: PAGE, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
    return { status: response.statusCode, body: response.json() }
  }

  test('balance: native ETH first, then priced ERC-20s; no zero-decimal token; forceUpdate reads the node again', async () => {
    const { status, body } = await indexed.get(`/account/${me}/balance?chainId=eip155:31337&currency=usd`)
    expect(status).toBe(200)
    const { balances } = BalanceResponse.parse(body)
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'DAI', 'USDC', 'WETH'])
    expect(balances[0]).not.toHaveProperty('address')
    const usdc = balances.find((b) => b.symbol === 'USDC')
    expect(usdc).toMatchObject({
      name: 'USD Coin',
      chainId: 'eip155:31337',
      address: `eip155:31337:${getAddress(chain.deployment.tokens.USDC.address)}`,
      price: 1,
      quantity: { decimals: '6' },
      iconUrl: USDC_ICON,
    })
    expect(usdc?.value).toBe(Number(usdc?.quantity.numeric))
    const weth = balances.find((b) => b.symbol === 'WETH')
    expect(weth?.value).toBeCloseTo(Number(weth?.quantity.numeric) * 3000, 6)
    // The operator's icon table: by address before symbol; a token without an entry has none.
    expect(weth?.iconUrl).toBe(WETH_ICON)
    expect(balances.find((b) => b.symbol === 'DAI')?.iconUrl).toBe('')

    const empty = BalanceResponse.parse((await indexed.get(`/account/${stranger}/balance`)).body)
    expect(empty.balances.map((b) => b.symbol)).toEqual(['ETH'])

    const before = BalanceResponse.parse(empty).balances[0]?.quantity.numeric
    await chain.send(1, stranger, '1')
    const cached = BalanceResponse.parse((await indexed.get(`/account/${stranger}/balance`)).body)
    const fresh = BalanceResponse.parse(
      (await indexed.get(`/account/${stranger}/balance?forceUpdate=true`)).body,
    )
    expect(cached.balances[0]?.quantity.numeric).toBe(before)
    expect(Number(fresh.balances[0]?.quantity.numeric)).toBe(Number(before) + 1)
  })

  test('history: the documented transaction shape, newest first', async () => {
    const page = HistoryResponse.parse(
      (await indexed.get(`/account/${me}/history?chainId=eip155:31337`)).body,
    )
    expect(page.data).toHaveLength(20)
    expect(page.next).toEqual(expect.any(String))
    const approval = (await walk(`/account/${me}/history`)).find(
      (tx) => tx.metadata.operationType === 'approve',
    )
    expect(approval).toMatchObject({
      transfers: [],
      metadata: { status: 'confirmed', chain: 'eip155:31337' },
    })
  })

  test('history: a page served from memory gives way as soon as the indexer commits new activity of the account', async () => {
    const newcomer = DEV_ACCOUNTS[6].address
    const path = `/account/${newcomer}/history?chainId=eip155:31337`
    const hashes = async () => HistoryResponse.parse((await indexed.get(path)).body).data.map((tx) => tx.hash)
    const before = await hashes()
    expect(await hashes()).toEqual(before)

    const sent = await chain.send(2, newcomer, '3', 'USDC')
    const indexer = testIndexer(indexed.database, chain)
    try {
      await indexer.catchUp()
      // The announcement travels through the database after the commit: on Postgres, a moment later.
      await expect.poll(hashes, { timeout: 1_000, interval: 10 }).toEqual([sent, ...before])
      const [received] = HistoryResponse.parse((await indexed.get(path)).body).data
      expect(received?.transfers[0]?.fungible_info).toMatchObject({
        symbol: 'USDC',
        icon: { url: USDC_ICON },
      })
    } finally {
      await indexer.stop()
    }
  })

  async function walk(path: string) {
    const all: ReturnType<typeof HistoryResponse.parse>['data'] = []
    let cursor: string | null = null
    do {
      const page = HistoryResponse.parse(
        (await indexed.get(`${path}${cursor ? `?cursor=${cursor}` : ''}`)).body,
      )
      all.push(...page.data)
      cursor = page.next
    } while (cursor)
    return all
  }

  test('nfts: the account holds its orbs and the flagged spam airdrop, paged by the cursor', async () => {
    const first = NftResponse.parse(
      (await indexed.get(`/account/${me}/nfts?chainId=eip155:31337&limit=2`)).body,
    )
    expect(first.data).toHaveLength(2)
    const rest = NftResponse.parse((await indexed.get(`/account/${me}/nfts?cursor=${first.next}`)).body)
    expect(rest.next).toBeNull()
    const items = [...first.data, ...rest.data]
    const orbs = items.filter(
      (item) => item.contract === getAddress(chain.deployment.nfts.collection.address),
    )
    expect(orbs.map((item) => item.tokenId).sort()).toEqual(['1', '2', '4'])
    expect(orbs[0]).toMatchObject({ collection: { name: 'Portico Orbs', symbol: 'ORB' }, isSpam: false })
    expect(orbs[0]?.image).toMatch(/^data:image\/svg\+xml/)
    const spam = items.filter((item) => item.contract === getAddress(chain.deployment.nfts.spam.address))
    expect(spam).toHaveLength(1)
    expect(spam[0]).toMatchObject({ isSpam: true, collection: { symbol: 'SPAM' } })
  })

  test('fungible price: known tokens and the native placeholder from the price table; unknown ones left out', async () => {
    const usdc = `eip155:31337:${getAddress(chain.deployment.tokens.USDC.address)}`
    const { status, body } = await post('/fungible/price', {
      currency: 'usd',
      addresses: [
        usdc,
        'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        `eip155:31337:${stranger}`,
      ],
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      fungibles: [
        { address: usdc, name: 'USD Coin', symbol: 'USDC', iconUrl: USDC_ICON, price: 1 },
        {
          address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          name: 'Ether',
          symbol: 'ETH',
          iconUrl: '',
          price: 3000,
        },
      ],
    })
  })

  test('gas price: three wei tiers from the node; another chain is refused with the spec text', async () => {
    const { status, body } = await indexed.get('/convert/gas-price?chainId=eip155:31337')
    expect(status).toBe(200)
    const tiers = body as { standard: string; fast: string; instant: string }
    expect(BigInt(tiers.standard)).toBe(await chain.client.getGasPrice())
    expect(BigInt(tiers.fast)).toBeGreaterThanOrEqual(BigInt(tiers.standard))
    expect(BigInt(tiers.instant)).toBeGreaterThanOrEqual(BigInt(tiers.fast))
    const refused = await indexed.get('/convert/gas-price?chainId=eip155:1')
    expect(refused).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: ErrorText.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE } },
    })
  })

  const forged = Buffer.from(JSON.stringify({ b: 1, i: 2 ** 40 })).toString('base64url')
  const badInputs: Array<[string, string, RegExp]> = []
  for (const route of ['balance', 'history', 'nfts']) {
    badInputs.push(
      [`${route}: bad address`, `/account/0x1234/${route}`, /^params\.address: Invalid address/],
      [
        `${route}: address in another namespace`,
        `/account/So11111111111111111111111111111111111111112/${route}`,
        /Invalid address/,
      ],
      [`${route}: CAIP id without a reference`, `/account/${me}/${route}?chainId=eip155`, /expected 2 parts/],
      [
        `${route}: CAIP id of an unknown namespace`,
        `/account/${me}/${route}?chainId=nope:1`,
        /unknown namespace/,
      ],
      [
        `${route}: another chain`,
        `/account/${me}/${route}?chainId=eip155:1`,
        /^Chain is not supported: eip155:1$/,
      ],
    )
  }
  for (const route of ['history', 'nfts']) {
    badInputs.push(
      [`${route}: garbage cursor`, `/account/${me}/${route}?cursor=%25%25%25`, /Invalid cursor/],
      [`${route}: forged cursor`, `/account/${me}/${route}?cursor=${forged}`, /Invalid cursor/],
      [
        `${route}: huge page`,
        `/account/${me}/${route}?limit=100000`,
        /limit must be a whole number from 1 to 20/,
      ],
      [
        `${route}: page size not a number`,
        `/account/${me}/${route}?limit=lots`,
        /limit must be a whole number/,
      ],
    )
  }
  badInputs.push(
    ['balance: unknown currency', `/account/${me}/balance?currency=eur`, /Unsupported currency/],
    ['balance: forceUpdate not a boolean', `/account/${me}/balance?forceUpdate=maybe`, /query\.forceUpdate/],
    ['gas price: no chain id', '/convert/gas-price', /query\.chainId/],
    ['gas price: bad CAIP id', '/convert/gas-price?chainId=eip155:1:2', /expected 2 parts/],
  )

  test.each(badInputs)('bad input → 400 with a clear message: %s', async (_name, path, message) => {
    const { status, body } = await indexed.get(path)
    expect(status).toBe(400)
    expect((body as { error: { message: string } }).error.message).toMatch(message)
  })

  test.each([
    ['an address that is not CAIP-10', { currency: 'usd', addresses: ['0x1234'] }, /expected 3 parts/],
    ['no currency', { addresses: [] }, /Unsupported currency/],
    [
      'too many addresses',
      { currency: 'usd', addresses: Array(101).fill(`eip155:31337:${me}`) },
      /at most 100/,
    ],
    ['a body that is not JSON', '{"currency":', /JSON/i],
  ])('fungible price with %s → 400', async (_name, payload, message) => {
    const { status, body } = await post('/fungible/price', payload)
    expect(status).toBe(400)
    expect((body as { error: { message: string } }).error.message).toMatch(message)
  })
})
