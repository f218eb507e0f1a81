import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { connectAndOpenAccount, useWalletSession } from './wallet-session.ts'

/**
 * A connected visitor buys ETH with the services' sandbox provider, whose checkout
 * takes a test card and really pays on the dev chain; the modal follows the purchase to the end.
 */
const stack = inject('stack')
const key = generatePrivateKey()
const visitor = privateKeyToAccount(key)
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(key)

const dialog = (page: Page) => page.getByRole('dialog')
const heading = (page: Page, name: string) =>
  expect
    .poll(() => dialog(page).getByRole('heading', { name, exact: true }).count(), { timeout: 10_000 })
    .toBe(1)

async function openBuy(page: Page) {
  await connectAndOpenAccount(page, stack.pageUrl)
  await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
  await heading(page, 'Buy')
}

describe('Buy', () => {
  it('buys 50 USD of ETH with a test card: the balance grows by exactly the quoted amount, and Activity shows it', async () => {
    const { page, context } = session
    // A fresh account: whatever it holds afterwards came from the purchase.
    expect(await chain.getBalance({ address: visitor.address })).toBe(0n)
    await openBuy(page)
    await dialog(page).getByLabel('You pay').fill('50')
    const sandbox = dialog(page).getByRole('radio', { name: /^Sandbox \(test card\)/ })
    await expect.poll(() => sandbox.count(), { timeout: 10_000 }).toBe(1)
    expect(await sandbox.isChecked()).toBe(true)
    const offer = (await sandbox.locator('xpath=..').textContent()) ?? ''
    const quoted = /([\d.]+) ETH/.exec(offer)?.[1] ?? ''
    expect(Number(quoted)).toBeGreaterThan(0.01)
    expect(offer).toMatch(/Fees 0\.50 \+ 0\.\d\d USD/)
    await expectAccessibleModal(page, 'OnRampProviders (quoted)')

    // The checkout opens in a window of its own, from the click.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      dialog(page).getByRole('button', { name: 'Buy with Sandbox (test card)' }).click(),
    ])
    await heading(page, 'Buy in progress')
    await expect
      .poll(() => dialog(page).getByText('Waiting for your payment with Sandbox (test card)…').count())
      .toBe(1)
    await expectAccessibleModal(page, 'BuyInProgress (waiting)')
    await checkout.waitForURL(/\/onramp\/sandbox\/checkout\?session=/)
    // The checkout names the network as a person does, not by its CAIP id.
    const network = checkout.locator('dt', { hasText: /^Network$/ }).locator('xpath=following-sibling::dd[1]')
    expect(await network.textContent()).toBe('Anvil')
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
    await checkout.getByRole('button', { name: 'Pay 50.00 USD' }).click()
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor()

    await heading(page, 'Purchase complete')
    // Over the outcome the title no longer says "in progress".
    await heading(page, 'Buy')
    expect(await dialog(page).getByRole('heading', { name: 'Buy in progress' }).count()).toBe(0)
    // Laid out as Send's and Swap's done states: the amount, then label and value rows.
    expect(await dialog(page).getByText(`${quoted} ETH`, { exact: true }).count()).toBe(1)
    expect(await dialog(page).getByRole('definition').first().textContent()).toBe('Arrived in your wallet')
    // The amount shows 6 decimals at most, cut: what arrived is that, less than a millionth more.
    const arrived = (await chain.getBalance({ address: visitor.address })) - parseEther(quoted)
    expect(arrived >= 0n && arrived < parseEther('0.000001')).toBe(true)
    await expectAccessibleModal(page, 'BuyInProgress (paid)')

    await dialog(page).getByRole('button', { name: 'View activity' }).click()
    const bought = dialog(page).getByRole('listitem').filter({ hasText: /Buy/ })
    await expect.poll(() => bought.count(), { timeout: 10_000 }).toBe(1)
    expect(await bought.textContent()).toMatch(/Buy0\.0\d\d ETH/)
    // The transfer that paid it is that row, not a second one.
    expect(
      await dialog(page)
        .getByRole('listitem')
        .filter({ hasText: /Receive/ })
        .count(),
    ).toBe(0)
  })

  it('says the limits of the payment method before asking any provider, and a declined card fails the purchase', async () => {
    const { page, context } = session
    await openBuy(page)
    const amount = dialog(page).getByLabel('You pay')
    await amount.fill('9.99')
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toBe('Amount must be between 10.00 and 7500.00 USD for card')
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    expect(await dialog(page).getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true)
    await dialog(page)
      .getByRole('radio', { name: /^Bank transfer/ })
      .check()
    await amount.fill('20000')
    await expect
      .poll(
        () =>
          dialog(page)
            .getByRole('radio', { name: /^Sandbox/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1)
    await dialog(page).getByRole('radio', { name: 'EUR' }).check()
    await amount.fill('25')
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Buy with Sandbox (test card)' }).isEnabled(), {
        timeout: 10_000,
      })
      .toBe(true)
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      dialog(page).getByRole('button', { name: 'Buy with Sandbox (test card)' }).click(),
    ])
    await checkout.waitForURL(/\/onramp\/sandbox\/checkout\?session=/)
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002')
    await checkout.getByRole('button', { name: 'Pay 25.00 EUR' }).click()
    await checkout.getByRole('heading', { name: 'Payment failed' }).waitFor()
    await expect.poll(() => dialog(page).getByRole('alert').count(), { timeout: 10_000 }).toBe(1)
    expect(await dialog(page).getByRole('alert').textContent()).toMatch(/Nothing was sent\.$/)
    expect(await dialog(page).getByRole('heading', { name: 'Buy in progress' }).count()).toBe(0)
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await heading(page, 'Buy')
    expect(await dialog(page).getByLabel('You pay').inputValue()).toBe('25')
  })

  it('is not offered when the dapp switches the on-ramp off, and neither is Swap when that is off too', async () => {
    const { page } = session
    await connectAndOpenAccount(page, stack.pageUrl, 'hide=onramp')
    const feature = (name: string) => dialog(page).getByRole('button', { name, exact: true })
    await expect.poll(() => feature('Swap').count(), { timeout: 10_000 }).toBe(1)
    expect(await feature('Buy').count()).toBe(0)
    // Still connected: the page again with Swap off too, and the account modal from its button.
    await page.goto(`${stack.pageUrl}/?signIn=off&hide=onramp,swaps`)
    await page.getByRole('button', { name: /^Account / }).click()
    await expect.poll(() => feature('Send').count(), { timeout: 10_000 }).toBe(1)
    expect(await feature('Buy').count()).toBe(0)
    expect(await feature('Swap').count()).toBe(0)
  })
})
