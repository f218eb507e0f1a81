import { formatTokenAmount } from '@portico/core'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { fundFromDevAccount } from './fund.ts'
import { pickToken } from './token-listbox.ts'
import { useWalletSession } from './wallet-session.ts'

/**
 * The demo page with `?rpc=services` reads the chain only through the services' RPC proxy
 * (`POST /v1/rpc`): the balance, the fee quote and the receipt of a send. The test wallet signs and
 * sends from outside the page, as an extension does.
 */
const stack = inject('stack')
const senderKey = generatePrivateKey()
const sender = privateKeyToAccount(senderKey)
const receiver = privateKeyToAccount(generatePrivateKey()).address
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(senderKey)
const proxyUrl = `${stack.servicesUrl}/v1/rpc?`

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 8, sender.address, '0.05'))

const dialog = (page: Page) => page.getByRole('dialog')

describe('the demo page reading through the RPC proxy', () => {
  it('connects, shows the balance and mines a send, with no chain read from the page but through /v1/rpc', async () => {
    const { page } = session
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(`${stack.pageUrl}/?signIn=off&rpc=services`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('connected')
    await page.getByRole('button', { name: /^Account / }).click()
    const balance = await chain.getBalance({ address: sender.address })
    await expect
      .poll(() => dialog(page).getByLabel('Balance').textContent(), { timeout: 10_000 })
      .toBe(`${formatTokenAmount(balance, 18, 3)} ETH`)

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await pickToken(dialog(page), 'ETH')
    await dialog(page).getByLabel('Amount').fill('0.001')
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
    await expect
      .poll(() => dialog(page).getByTestId('send-message').textContent(), { timeout: 10_000 })
      .toMatch(/^Network fee: /)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Sent' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await chain.getBalance({ address: receiver })).toBe(parseUnits('0.001', 18))
    expect(session.wallet.prompts).toContain('eth_sendTransaction')

    expect(requested.filter((url) => url.startsWith(proxyUrl)).length).toBeGreaterThan(0)
    expect(requested.filter((url) => url.startsWith(stack.rpcUrl))).toEqual([])
  })
})
