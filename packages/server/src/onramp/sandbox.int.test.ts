import { randomBytes } from 'node:crypto'
import { type AnvilHandle, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { type Address, createPublicClient, type Hash, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { type OnrampApp, onrampApp, PAYER, SERVICES } from '../test-support/onramp-app.ts'
import { SANDBOX_CSP } from './sandbox-pages.ts'

let anvil: AnvilHandle
let reader: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
  reader = createPublicClient({ transport: http(anvil.rpcUrl) })
})
afterAll(async () => {
  await anvil?.stop()
})

const CHECKOUT = '/onramp/sandbox/checkout'
const TEST_CARD = '4242 4242 4242 4242'
/** A fresh address: its balance is exactly what the sandbox sent it. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describeEachBackend('on-ramp sandbox', (backend) => {
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

  /** A sandbox quote and its checkout, as the modal asks for them. */
  async function checkout(address: Address, amount = '100.00', paymentCurrency = 'USD') {
    const quoted = await onramp.call('POST', 'quote', {
      provider: 'sandbox',
      paymentCurrency,
      purchaseCurrency: 'ETH',
      amount,
    })
    const [quote] = quoted.json().quotes
    const linked = await onramp.call('POST', 'url', { provider: 'sandbox', quoteId: quote.quoteId, address })
    expect(linked.statusCode).toBe(200)
    const { url, purchaseId } = linked.json() as { url: string; purchaseId: string }
    const session = new URL(url).searchParams.get('session') ?? ''
    return {
      url,
      session,
      purchaseId,
      quote: quote as { quoteId: string; purchaseAmount: { amount: string } },
    }
  }
  const show = (session: string) =>
    onramp.app.inject({ url: `${CHECKOUT}?session=${encodeURIComponent(session)}` })
  const post = (
    session: string,
    card = TEST_CARD,
    headers: Record<string, string> = { origin: SERVICES.origin },
  ) =>
    onramp.app.inject({
      method: 'POST',
      url: CHECKOUT,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ session, card, expiry: '12/34', cvc: '123' }).toString(),
    })
  const status = async (purchaseId: string) => (await onramp.call('GET', `purchases/${purchaseId}`)).json()
  const toWei = (ether: string) => {
    const [whole = '0', fraction = ''] = ether.split('.')
    return BigInt(whole + fraction.padEnd(18, '0'))
  }
  const payerNonce = () => reader.getTransactionCount({ address: PAYER.address })

  test('the checkout page shows what is bought, where it goes and the test card, under a strict CSP', async () => {
    const address = freshAddress()
    const { url, session, quote } = await checkout(address, '250.00', 'EUR')
    expect(url.startsWith(`${SERVICES.origin}${CHECKOUT}?session=`)).toBe(true)
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const page = await show(session)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toBe(SANDBOX_CSP)
    expect(SANDBOX_CSP).toMatch(/default-src 'none'/)
    expect(SANDBOX_CSP).not.toMatch(/script-src/)
    expect(page.body).not.toMatch(/<script/i)
    expect(page.body).toContain('250.00 EUR')
    expect(page.body).toContain(`${quote.purchaseAmount.amount} ETH`)
    expect(page.body).toContain(`${address.slice(0, 6).toLowerCase()}…${address.slice(-4).toLowerCase()}`)
    expect(page.body).toContain(address.toLowerCase())
    expect(page.body).toContain(TEST_CARD)
    expect(page.body).toMatch(/<form method="post" action="\/onramp\/sandbox\/checkout">/)
  })

  test("an address's purchases list newest first with where each stands, for this project only", async () => {
    const address = freshAddress()
    const list = (of: string, origin = 'https://wallet.example') =>
      onramp.app.inject({
        url: `/v1/onramp/purchases?projectId=${onramp.project.id}&address=${of}`,
        headers: { origin },
      })
    expect((await list(address)).json()).toEqual({ purchases: [] })
    const first = await checkout(address, '20.00')
    await post(first.session)
    const second = await checkout(address, '30.00')
    const listed = await list(address.toLowerCase())
    expect(listed.statusCode).toBe(200)
    expect(listed.headers['cache-control']).toBe('no-store')
    expect(
      listed
        .json()
        .purchases.map((p: { id: string; status: string; paymentTotal: { amount: string } }) => [
          p.id,
          p.status,
          p.paymentTotal.amount,
        ]),
    ).toEqual([
      [second.purchaseId, 'created', '30.00'],
      [first.purchaseId, 'paid', '20.00'],
    ])
    const bad = await list('0x1234')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toMatch(/^query\.address: expected 0x and 40 hex digits/)
    expect((await list(address, 'https://elsewhere.example')).statusCode).toBe(403)
  })

  test('paying sends exactly the quoted amount once, and a replayed post pays nothing', async () => {
    const address = freshAddress()
    const { session, purchaseId, quote } = await checkout(address)
    expect(await status(purchaseId)).toMatchObject({ status: 'created', txHash: null })
    const quoted = toWei(quote.purchaseAmount.amount)
    expect(await reader.getBalance({ address })).toBe(0n)

    const paid = await post(session)
    expect(paid.statusCode).toBe(200)
    expect(paid.body).toContain(
      `Payment complete — ${quote.purchaseAmount.amount} ETH is on its way to <code>${address.toLowerCase()}</code>. You can close this window.`,
    )
    expect(await reader.getBalance({ address })).toBe(quoted)
    const purchase = await status(purchaseId)
    expect(purchase).toMatchObject({
      id: purchaseId,
      provider: 'sandbox',
      status: 'paid',
      address: address.toLowerCase(),
      network: 'eip155:31337',
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: quote.purchaseAmount,
      failureReason: null,
    })
    const transaction = await reader.getTransaction({ hash: purchase.txHash as Hash })
    expect(transaction).toMatchObject({
      from: PAYER.address.toLowerCase(),
      to: address.toLowerCase(),
      value: quoted,
    })

    const nonce = await payerNonce()
    const replayed = await post(session)
    expect(replayed.statusCode).toBe(200)
    expect(replayed.body).toContain('Payment complete')
    expect(await reader.getBalance({ address })).toBe(quoted)
    expect(await payerNonce()).toBe(nonce)
    expect((await show(session)).body).toContain('Payment complete')
  })

  test('two posts at once pay once', async () => {
    const address = freshAddress()
    const { session, quote } = await checkout(address)
    const answers = await Promise.all([post(session), post(session), post(session)])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect(await reader.getBalance({ address })).toBe(toWei(quote.purchaseAmount.amount))
  })

  test('an expired checkout pays nothing and says so', async () => {
    const address = freshAddress()
    const { session, purchaseId } = await checkout(address)
    await testDb.database.db
      .updateTable('onramp_purchases')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', purchaseId)
      .execute()
    const nonce = await payerNonce()
    for (const answer of [await show(session), await post(session)]) {
      expect(answer.statusCode).toBe(410)
      expect(answer.body).toContain('This checkout has expired')
    }
    expect(await reader.getBalance({ address })).toBe(0n)
    expect(await payerNonce()).toBe(nonce)
    expect(await status(purchaseId)).toMatchObject({ status: 'expired', txHash: null })
  })

  test('a forged or malformed session id is a 404 page, and pays nothing', async () => {
    const nonce = await payerNonce()
    for (const session of [randomBytes(32).toString('base64url'), 'short', `${'a'.repeat(43)}!`]) {
      for (const answer of [await show(session), await post(session)]) {
        expect(answer.statusCode).toBe(404)
        expect(answer.headers['content-type']).toMatch(/^text\/html/)
        expect(answer.body).toContain('Checkout not found')
      }
    }
    expect(await payerNonce()).toBe(nonce)
  })

  test('a post from another origin is refused before anything is read; none at all too', async () => {
    const address = freshAddress()
    const { session, purchaseId } = await checkout(address)
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/pay' },
      {} as Record<string, string>,
    ]) {
      const answer = await post(session, TEST_CARD, headers)
      expect(answer.statusCode).toBe(403)
      expect(answer.body).toContain('This form can only be sent from the checkout page itself.')
    }
    expect(await status(purchaseId)).toMatchObject({ status: 'created' })
    // A browser that sends only the Referer, from the checkout page itself, is believed.
    const fromPage = await post(session, TEST_CARD, {
      referer: `${SERVICES.origin}${CHECKOUT}?session=${session}`,
    })
    expect(fromPage.body).toContain('Payment complete')
  })

  test('a card that is not a test card is refused and the checkout stays open; the decline card fails it', async () => {
    const address = freshAddress()
    const { session, purchaseId } = await checkout(address)
    const refused = await post(session, '5555 5555 5555 4444')
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('This sandbox takes test cards only: use 4242 4242 4242 4242.')
    expect(await status(purchaseId)).toMatchObject({ status: 'created' })

    const declined = await post(session, '4000-0000-0000-0002')
    expect(declined.body).toContain('The card was declined')
    expect(await status(purchaseId)).toMatchObject({
      status: 'failed',
      failureReason: 'The card was declined (the test card 4000 0000 0000 0002 always is).',
      txHash: null,
    })
    expect((await post(session)).body).toContain('Payment failed')
    expect(await reader.getBalance({ address })).toBe(0n)
  })

  test('the purchase status route is the project’s own: another project, an unknown or malformed id are refused', async () => {
    const { purchaseId } = await checkout(freshAddress())
    expect((await onramp.call('GET', `purchases/${crypto.randomUUID()}`)).statusCode).toBe(404)
    const malformed = await onramp.call('GET', 'purchases/not-an-id')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toBe('params.id: expected a purchase id')
    const other = await onrampApp(testDb.database, anvil.rpcUrl)
    try {
      expect((await other.call('GET', `purchases/${purchaseId}`)).statusCode).toBe(404)
    } finally {
      await other.app.close()
    }
  })
})
