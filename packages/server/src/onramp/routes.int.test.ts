import { type AnvilHandle, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { ALL_PROVIDERS, type OnrampApp, onrampApp } from '../test-support/onramp-app.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let anvil: AnvilHandle

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
})
afterAll(async () => {
  await anvil?.stop()
})

interface Money {
  amount: string
  currency: string
}
interface QuoteAnswer {
  quoteId: string
  provider: string
  paymentMethod: string
  network: string
  expiresAt: string
  paymentTotal: Money
  paymentSubtotal: Money
  providerFee: Money
  networkFee: Money
  purchaseAmount: Money
}

const cents = (money: Money) => BigInt(money.amount.replace('.', ''))
const wei = (money: Money) => {
  const [whole = '0', fraction = ''] = money.amount.split('.')
  return BigInt(whole + fraction.padEnd(18, '0'))
}
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

describeEachBackend('on-ramp routes', (backend) => {
  let testDb: TestDatabase
  let onramp: OnrampApp

  beforeAll(async () => {
    testDb = await backend.open()
    onramp = await onrampApp(testDb.database, anvil.rpcUrl)
  })
  afterAll(async () => {
    await onramp?.app.close()
    await testDb?.dispose()
  })

  const quote = (body: object) => onramp.call('POST', 'quote', body)
  const url = (body: object) => onramp.call('POST', 'url', body)

  test('options: USD and EUR with card and bank limits, ETH on the chain, the providers and their fees', async () => {
    const response = await onramp.call('GET', 'options')
    expect(response.statusCode).toBe(200)
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'bank', min: '10.00', max: '25000.00' },
    ]
    expect(response.json()).toEqual({
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: limits },
        { id: 'EUR', payment_method_limits: limits },
      ],
      purchaseCurrencies: [
        {
          id: 'ETH',
          name: 'Ether',
          symbol: 'ETH',
          networks: [
            { name: 'eip155:31337', display_name: 'Anvil', chain_id: '31337', contract_address: '' },
          ],
        },
      ],
      providers: [
        { id: 'coinbase', name: 'Coinbase', feePercent: '1.5', namespaces: ['eip155'] },
        { id: 'meld', name: 'Meld', feePercent: '2', namespaces: ['eip155', 'solana'] },
        { id: 'sandbox', name: 'Sandbox (test card)', feePercent: '1', namespaces: ['eip155'] },
      ],
    })
  })

  describe.each([
    ['USD', 3000n * 100n],
    ['EUR', 2760n * 100n],
  ] as const)('quotes in %s', (currency, centsPerEth) => {
    test.each(['card', 'bank'])(
      'within the %s limits: one per provider, fees and tokens exact',
      async (method) => {
        const gasPrice = await onramp.chain.client.getGasPrice()
        const response = await quote({
          paymentCurrency: currency,
          paymentMethod: method,
          purchaseCurrency: 'eth',
          amount: '100.00',
        })
        expect(response.statusCode).toBe(200)
        const { quotes } = response.json() as { quotes: QuoteAnswer[] }
        expect(quotes.map((q) => q.provider)).toEqual(['coinbase', 'meld', 'sandbox'])
        const networkFee = ceilDiv(gasPrice * 21_000n * centsPerEth, 10n ** 18n)
        for (const [q, feeCents] of quotes.map((q, i) => [q, [150n, 200n, 100n][i] ?? 0n] as const)) {
          expect(q).toMatchObject({ paymentMethod: method, network: 'eip155:31337' })
          expect(q.paymentTotal).toEqual({ amount: '100.00', currency })
          expect(cents(q.providerFee)).toBe(feeCents)
          expect(cents(q.networkFee)).toBe(networkFee)
          expect(cents(q.paymentSubtotal)).toBe(10_000n - feeCents - networkFee)
          expect(q.purchaseAmount.currency).toBe('ETH')
          expect(wei(q.purchaseAmount)).toBe((cents(q.paymentSubtotal) * 10n ** 18n) / centsPerEth)
          expect(new Date(q.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
        }
        const stored = await testDb.database.db
          .selectFrom('onramp_quotes')
          .select(['id', 'project_id', 'purchase_units'])
          .where(
            'id',
            'in',
            quotes.map((q) => q.quoteId),
          )
          .execute()
        expect(stored).toHaveLength(3)
        expect(stored.every((row) => row.project_id === onramp.project.id)).toBe(true)
      },
    )

    test.each([
      ['card', '9.99', '10.00 and 7500.00'],
      ['card', '7500.01', '10.00 and 7500.00'],
      ['bank', '9.99', '10.00 and 25000.00'],
      ['bank', 25000.01, '10.00 and 25000.00'],
    ])('outside the %s limits (%s): a 400 naming the limit', async (method, amount, range) => {
      const response = await quote({
        paymentCurrency: currency,
        paymentMethod: method,
        purchaseCurrency: 'ETH',
        amount,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toEqual({
        code: 'AMOUNT_OUT_OF_LIMITS',
        message: `Amount must be between ${range} ${currency} for ${method}`,
      })
    })

    test('at the limits and with card as the default method', async () => {
      for (const [method, amount] of [
        ['card', '10'],
        ['card', 7500],
        ['bank', '7500.01'],
        ['bank', '25000.00'],
      ] as const) {
        const response = await quote({
          paymentCurrency: currency,
          paymentMethod: method,
          purchaseCurrency: 'ETH',
          amount,
        })
        expect(response.statusCode).toBe(200)
      }
      const byDefault = await quote({ paymentCurrency: currency, purchaseCurrency: 'ETH', amount: '7500.01' })
      expect(byDefault.json().error.message).toBe(
        `Amount must be between 10.00 and 7500.00 ${currency} for card`,
      )
    })
  })

  test('malformed amounts, unknown currencies, providers and networks are 400s naming the field', async () => {
    const body = { paymentCurrency: 'USD', purchaseCurrency: 'ETH', amount: '100.00' }
    const refusals: Array<[object, string]> = [
      [{ amount: '10.001' }, 'body.amount: must have at most 2 decimals'],
      [{ amount: -20 }, 'body.amount: must not be negative'],
      [{ amount: 'twenty' }, 'body.amount: must be a number such as 100.00'],
      [{ amount: undefined }, 'body.amount: must be a number such as 100.00'],
      [{ paymentCurrency: 'GBP' }, 'body.paymentCurrency: must be one of USD, EUR'],
      [{ paymentMethod: 'cash' }, 'body.paymentMethod: must be one of card, bank'],
      [{ purchaseCurrency: 'DOGE' }, 'body.purchaseCurrency: must be ETH'],
      [{ provider: 'moonpay' }, 'body.provider: must be one of coinbase, meld, sandbox'],
      [{ network: 'eip155:1' }, 'body.network: must be eip155:31337, the chain these services serve'],
    ]
    for (const [change, message] of refusals) {
      const response = await quote({ ...body, ...change })
      expect(response.statusCode, message).toBe(400)
      expect(response.json().error.message).toBe(message)
    }
    const one = await quote({ ...body, provider: 'meld', network: 'eip155:31337' })
    expect((one.json() as { quotes: QuoteAnswer[] }).quotes.map((q) => q.provider)).toEqual(['meld'])
  })

  test('url: Coinbase and Meld checkouts preset with the quote, for its provider only', async () => {
    const { quotes } = (
      await quote({
        paymentCurrency: 'EUR',
        purchaseCurrency: 'ETH',
        amount: '250.00',
        paymentMethod: 'bank',
      })
    ).json() as { quotes: QuoteAnswer[] }
    const [coinbase, meld] = quotes
    if (!coinbase || !meld) throw new Error('expected a Coinbase and a Meld quote')
    const toCoinbase = await url({ provider: 'coinbase', quoteId: coinbase.quoteId, address: ADDRESS })
    expect(toCoinbase.statusCode).toBe(200)
    const coinbaseUrl = new URL(toCoinbase.json().url)
    expect(coinbaseUrl.origin + coinbaseUrl.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(coinbaseUrl.searchParams)).toEqual({
      appId: 'test-app',
      destinationWallets: JSON.stringify([{ address: ADDRESS, blockchains: ['ethereum'], assets: ['ETH'] }]),
      partnerUserId: ADDRESS,
      defaultNetwork: 'ethereum',
      presetCryptoAmount: coinbase.purchaseAmount.amount.slice(0, 10).replace(/0+$/, ''),
      presetFiatAmount: '250.00',
      fiatCurrency: 'EUR',
      defaultExperience: 'buy',
    })
    const toMeld = await url({ provider: 'meld', quoteId: meld.quoteId, address: ADDRESS })
    expect(Object.fromEntries(new URL(toMeld.json().url).searchParams)).toEqual({
      publicKey: 'test-meld-key',
      destinationCurrencyCode: 'ETH',
      walletAddress: ADDRESS,
      externalCustomerId: ADDRESS,
      sourceAmount: '250.00',
      sourceCurrencyCode: 'EUR',
    })
    const crossed = await url({ provider: 'meld', quoteId: coinbase.quoteId, address: ADDRESS })
    expect(crossed.statusCode).toBe(400)
    expect(crossed.json().error.message).toBe('body.quoteId: this quote is for coinbase, not meld')
  })

  test('url: without a quote it quotes the amount itself; unknown, expired and foreign quotes are refused', async () => {
    const direct = await url({
      provider: 'coinbase',
      amount: 50,
      paymentCurrency: 'usd',
      purchaseCurrency: 'ETH',
      address: ADDRESS,
    })
    expect(direct.statusCode).toBe(200)
    expect(new URL(direct.json().url).searchParams.get('presetFiatAmount')).toBe('50.00')
    const incomplete = await url({
      provider: 'coinbase',
      amount: 50,
      purchaseCurrency: 'ETH',
      address: ADDRESS,
    })
    expect(incomplete.json().error.message).toBe('body.paymentCurrency: required without a quoteId')
    const tooMuch = await url({
      provider: 'meld',
      amount: '8000',
      paymentCurrency: 'USD',
      purchaseCurrency: 'ETH',
      address: ADDRESS,
    })
    expect(tooMuch.json().error.code).toBe('AMOUNT_OUT_OF_LIMITS')
    const badAddress = await url({
      provider: 'meld',
      amount: 50,
      paymentCurrency: 'USD',
      purchaseCurrency: 'ETH',
      address: '0x12',
    })
    expect(badAddress.json().error.message).toBe('body.address: expected 0x and 40 hex digits')

    const unknown = await url({ provider: 'coinbase', quoteId: crypto.randomUUID(), address: ADDRESS })
    expect(unknown.statusCode).toBe(404)
    const { quotes } = (
      await quote({ paymentCurrency: 'USD', purchaseCurrency: 'ETH', amount: '20', provider: 'coinbase' })
    ).json()
    const quoteId = quotes[0].quoteId as string
    await testDb.database.db
      .updateTable('onramp_quotes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', quoteId)
      .execute()
    const expired = await url({ provider: 'coinbase', quoteId, address: ADDRESS })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().error).toEqual({
      code: 'QUOTE_EXPIRED',
      message: 'This quote has expired: ask for a new one',
    })

    // Another project's page cannot use this project's quote.
    const other = await onrampApp(testDb.database, anvil.rpcUrl)
    try {
      const foreign = await other.call('POST', 'url', {
        provider: 'coinbase',
        quoteId: quotes[0].quoteId,
        address: ADDRESS,
      })
      expect(foreign.statusCode).toBe(404)
    } finally {
      await other.app.close()
    }
  })

  test('a provider the operator did not configure is neither offered nor quoted nor linked', async () => {
    const sandboxOnly = await onrampApp(testDb.database, anvil.rpcUrl, {
      eurPerUsd: ALL_PROVIDERS.eurPerUsd,
      sandbox: ALL_PROVIDERS.sandbox,
    })
    try {
      const options = (await sandboxOnly.call('GET', 'options')).json()
      expect(options.providers.map((p: { id: string }) => p.id)).toEqual(['sandbox'])
      const body = { paymentCurrency: 'USD', purchaseCurrency: 'ETH', amount: '100' }
      const all = (await sandboxOnly.call('POST', 'quote', body)).json() as { quotes: QuoteAnswer[] }
      expect(all.quotes.map((q) => q.provider)).toEqual(['sandbox'])
      for (const path of ['quote', 'url']) {
        const response = await sandboxOnly.call('POST', path, {
          ...body,
          provider: 'coinbase',
          address: ADDRESS,
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error).toEqual({
          code: 'PROVIDER_NOT_CONFIGURED',
          message: 'Provider not configured',
        })
      }
    } finally {
      await sandboxOnly.app.close()
    }
  })

  test('every on-ramp route is behind the project guard', async () => {
    for (const [method, path] of [
      ['GET', 'options'],
      ['POST', 'quote'],
      ['POST', 'url'],
      ['GET', `purchases/${crypto.randomUUID()}`],
    ] as const) {
      const response = await onramp.app.inject({
        method,
        url: `/v1/onramp/${path}?projectId=${onramp.project.id}`,
        headers: { origin: 'https://elsewhere.example' },
      })
      expect(response.statusCode).toBe(403)
    }
  })
})
