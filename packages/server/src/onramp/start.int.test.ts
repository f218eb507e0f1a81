import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer } from '../start.ts'

const PAGE = 'http://localhost:3000'
const PROJECT = { id: 'e'.repeat(32), name: 'On-ramp page', origins: [PAGE] }
const payerKey = DEV_ACCOUNTS[9].privateKey
let anvil: AnvilHandle

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
})
afterAll(async () => {
  await anvil?.stop()
})

test('startServer({ onramp }) in development links the sandbox checkout on its own public URL', async () => {
  const server = await startServer({
    mode: 'development',
    port: 0,
    devProject: PROJECT,
    chain: { rpcUrl: anvil.rpcUrl, chainId: 31337, index: false },
    onramp: { sandbox: { payerKey }, eurPerUsd: '0.95' },
  })
  try {
    const call = (path: string, body: object) =>
      fetch(`${server.url}/v1/onramp/${path}?projectId=${PROJECT.id}`, {
        method: 'POST',
        headers: { origin: PAGE, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const terms = { paymentCurrency: 'EUR', purchaseCurrency: 'ETH', amount: '285.00' }
    const { quotes } = await (await call('quote', terms)).json()
    // 3000 USD × 0.95 = 2850 EUR per ETH; the sandbox's 1 % and the network fee come off first.
    expect(quotes).toHaveLength(1)
    expect(quotes[0].providerFee).toEqual({ amount: '2.85', currency: 'EUR' })
    const { url } = await (
      await call('url', { ...terms, provider: 'sandbox', address: DEV_ACCOUNTS[3].address })
    ).json()
    expect(url.startsWith(`${server.publicUrl}/onramp/sandbox/checkout?session=`)).toBe(true)
    expect((await fetch(url.replace(server.publicUrl, server.url))).status).toBe(200)
  } finally {
    await server.close()
  }
})

test('production refuses the sandbox, and any on-ramp without a chain, before it opens anything', async () => {
  const chain = { rpcUrl: anvil.rpcUrl, chainId: 31337, index: false }
  await expect(startServer({ port: 0, chain, onramp: { sandbox: { payerKey } } })).rejects.toThrow(
    'The on-ramp sandbox pays from a key of the server: it runs in development only',
  )
  await expect(startServer({ port: 0, onramp: { coinbase: { appId: 'app' } } })).rejects.toThrow(
    'The on-ramp needs the chain option: it prices and delivers on that chain',
  )
})
