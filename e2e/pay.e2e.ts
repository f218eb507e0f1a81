import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, getAddress, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { connectAndOpenAccount, useWalletSession } from './wallet-session.ts'

/**
 * A dapp takes a payment with `openPay`: the demo page's shop asks for 0.01 ETH or 5 of its demo
 * token. The visitor connects in the modal when no wallet is, buys what is missing with the
 * services' sandbox on-ramp (a test card that really pays on the dev chain), and pays; the page
 * shows how the payment ended, as the dapp's promise resolved.
 */
const stack = inject('stack')
const key = generatePrivateKey()
const visitor = privateKeyToAccount(key)
const SHOP = '0x0000000000000000000000000000000000005a1e'
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(key)

const dialog = (page: Page) => page.getByRole('dialog')
const heading = (page: Page, name: string) =>
  expect
    .poll(() => dialog(page).getByRole('heading', { name, exact: true }).count(), { timeout: 15_000 })
    .toBe(1)

describe('Pay', () => {
  it('a visitor without a wallet connects, buys the ETH they lack, pays the shop, and the dapp gets the transaction', async () => {
    const { page, context } = session
    expect(await chain.getBalance({ address: visitor.address })).toBe(0n)
    const shopBefore = await chain.getBalance({ address: SHOP })
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await page.getByRole('button', { name: 'Pay 0.01 ETH to the shop' }).click()
    // No wallet yet: Connect first, then on to the payment.
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await heading(page, 'Pay')
    await expect
      .poll(() => dialog(page).getByText('0.01 ETH', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1)
    expect(await dialog(page).getByRole('definition').first().getAttribute('title')).toBe(getAddress(SHOP))
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Not enough ETH to pay 0.01 ETH.')
    const pay = dialog(page).getByRole('button', { name: 'Pay 0.01 ETH' })
    expect(await pay.isDisabled()).toBe(true)
    await expectAccessibleModal(page, 'Pay (short)')

    // Fund it first, through the on-ramp's sandbox.
    await dialog(page).getByRole('button', { name: 'Buy ETH' }).click()
    await heading(page, 'Buy')
    await dialog(page).getByLabel('You pay').fill('50')
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      (async () => {
        const buy = dialog(page).getByRole('button', { name: 'Buy with Sandbox (test card)' })
        await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true)
        await buy.click()
      })(),
    ])
    await checkout.waitForURL(/\/onramp\/sandbox\/checkout\?session=/)
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
    await checkout.getByRole('button', { name: 'Pay 50.00 USD' }).click()
    await heading(page, 'Purchase complete')
    await dialog(page).getByRole('button', { name: 'Back to the payment' }).click()

    await heading(page, 'Pay')
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true)
    expect(await dialog(page).getByRole('alert').count()).toBe(0)
    const held = await chain.getBalance({ address: visitor.address })
    expect(
      await dialog(page)
        .getByText(`you have ${formatEther(held).slice(0, 5)}`, { exact: false })
        .count(),
    ).toBe(1)
    await pay.click()
    await heading(page, 'Paid')
    await expectAccessibleModal(page, 'Pay (paid)')

    const outcome = page.getByTestId('pay-outcome')
    await expect
      .poll(() => outcome.textContent(), { timeout: 10_000 })
      .toMatch(/^Paid in transaction 0x[0-9a-f]{64}$/)
    const hash = (await outcome.textContent())?.split(' ').at(-1) as `0x${string}`
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(visitor.address.toLowerCase())
    expect((await chain.getBalance({ address: SHOP })) - shopBefore).toBe(parseEther('0.01'))

    await dialog(page).getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
  })

  it('a token the wallet lacks is refused with what is missing, and leaving tells the dapp', async () => {
    const { page } = session
    await connectAndOpenAccount(page, stack.pageUrl)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    const tokenButton = page.getByRole('button', { name: /^Pay 5 \S+ to the shop$/ })
    const symbol = ((await tokenButton.textContent()) ?? '').split(' ')[2]
    await tokenButton.click()
    await heading(page, 'Pay')
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(`Not enough ${symbol} to pay 5 ${symbol}.`)
    // The on-ramp sells the network's coin only: no Buy for a token.
    expect(
      await dialog(page)
        .getByRole('button', { name: `Buy ${symbol}` })
        .count(),
    ).toBe(0)
    expect(
      await dialog(page)
        .getByRole('button', { name: `Pay 5 ${symbol}` })
        .isDisabled(),
    ).toBe(true)
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.getByTestId('pay-outcome').textContent(), { timeout: 10_000 })
      .toBe('Not paid: The payment was cancelled')
  })
})
