import { formatTokenAmount } from '@portico/core'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { fundFromDevAccount } from './fund.ts'
import { connectAndOpenAccount, useWalletSession } from './wallet-session.ts'

/** A connected visitor swaps ETH for USDC through the dev chain's Uniswap V2 pools. */
const stack = inject('stack')
const key = generatePrivateKey()
const visitor = privateKeyToAccount(key)
const usdc = stack.deployment.tokens.USDC as Hex
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(key)

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 8, visitor.address, '1'))

beforeEach(async () => {
  const { page } = session
  await connectAndOpenAccount(page, stack.pageUrl)
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await expect
    .poll(() => dialog(page).getByRole('heading', { name: 'Swap' }).count(), { timeout: 5_000 })
    .toBe(1)
  await expect
    .poll(
      () =>
        dialog(page)
          .getByRole('button', { name: /^Pay with ETH/ })
          .count(),
      { timeout: 10_000 },
    )
    .toBe(1)
})

const dialog = (page: Page) => page.getByRole('dialog')
const usdcOf = (address: Hex) =>
  chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

async function pickReceive(page: Page, symbol: string) {
  await dialog(page)
    .getByRole('button', { name: /^Select a token to receive|^Receive / })
    .click()
  await dialog(page).getByLabel('Token to receive').fill(symbol.toLowerCase())
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${symbol}`) })
    .first()
    .click()
}

describe('Swap', () => {
  it('swaps 0.1 ETH for USDC: a quote after a pause, a review, the wallet, and the balances move', async () => {
    const { page } = session
    const before = await usdcOf(visitor.address)
    const ethBefore = await chain.getBalance({ address: visitor.address })
    await pickReceive(page, 'USDC')
    await dialog(page).getByLabel('Amount to pay').fill('0.1')
    await expect
      .poll(
        () =>
          dialog(page)
            .getByText(/^1 ETH = [\d,]+\.\d+ USDC$/)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1)
    const received = (await dialog(page).getByLabel('Amount to receive').textContent()) ?? ''
    expect(Number(received.replaceAll(',', ''))).toBeGreaterThan(100)
    await expectAccessibleModal(page, 'WalletSwap (quoted)')

    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    // The review says what the network will take, from the services' estimate of this very swap.
    const fee = dialog(page)
      .locator('dt', { hasText: 'Network fee' })
      .locator('xpath=following-sibling::dd[1]')
    await expect.poll(() => fee.textContent(), { timeout: 10_000 }).toMatch(/^(<)?0\.0+\d* ETH$/)
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Swapped' }).count(), { timeout: 20_000 })
      .toBe(1)
    await expectAccessibleModal(page, 'WalletSwap (done)')
    const after = await usdcOf(visitor.address)
    expect(after).toBeGreaterThan(before)
    // Once mined the amount is known: what arrived, from the receipt, not the quote's least.
    const arrived = dialog(page)
      .locator('dt', { hasText: /^Received$/ })
      .locator('xpath=following-sibling::dd[1]')
    expect(await arrived.textContent()).toBe(`${formatTokenAmount(after - before, 6, 3)} USDC`)
    expect(await chain.getBalance({ address: visitor.address })).toBeLessThan(ethBefore - parseEther('0.1'))

    await dialog(page).getByRole('button', { name: 'View activity' }).click()
    // Activity shows the swap as one trade: what left and what arrived.
    const trade = dialog(page)
      .getByRole('listitem')
      .filter({ hasText: /^Trade/ })
    await expect.poll(() => trade.count(), { timeout: 20_000 }).toBe(1)
    expect(await trade.textContent()).toMatch(/^Trade−0\.1 ETH → \+[\d,]+(\.\d{1,3})? USDC/)
  })

  it('says what is missing on the button, and refuses more than the balance before the wallet opens', async () => {
    const { page } = session
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Select a token', exact: true }).count())
      .toBe(1)
    await pickReceive(page, 'USDC')
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Enter an amount', exact: true }).count())
      .toBe(1)
    await dialog(page).getByLabel('Amount to pay').fill('5')
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Insufficient ETH balance' }).isDisabled())
      .toBe(true)
    expect(await dialog(page).getByLabel('Amount to pay').getAttribute('aria-invalid')).toBe('true')
    // Swapping back and forth keeps the tokens on their sides.
    await dialog(page).getByRole('button', { name: 'Switch pay and receive tokens' }).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByRole('button', { name: /^Pay with USDC/ })
          .count(),
      )
      .toBe(1)
    await expectAccessibleModal(page, 'WalletSwap (form)')
  })
})
