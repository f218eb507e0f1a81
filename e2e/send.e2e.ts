import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { fundFromDevAccount } from './fund.ts'
import { pickToken, tokenField } from './token-listbox.ts'
import { connectAndOpenAccount, useWalletSession } from './wallet-session.ts'

/** A Send the visitor can trust, from a fresh account holding a little ETH only. */
const stack = inject('stack')
const senderKey = generatePrivateKey()
const sender = privateKeyToAccount(senderKey)
const receiver = privateKeyToAccount(generatePrivateKey()).address
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(senderKey)

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 8, sender.address, '0.05'))

beforeEach(async () => {
  const { page } = session
  await connectAndOpenAccount(page, stack.pageUrl)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => dialog(page).getByRole('heading', { name: 'Send' }).count(), { timeout: 5_000 })
    .toBe(1)
})

const dialog = (page: Page) => page.getByRole('dialog')
const amount = (page: Page) => dialog(page).getByLabel('Amount')
const to = (page: Page) => dialog(page).getByLabel('To', { exact: true })
const sendButton = (page: Page) => dialog(page).getByRole('button', { name: 'Send', exact: true })
const message = (page: Page) => dialog(page).getByTestId('send-message')

async function pickEth(page: Page) {
  await pickToken(dialog(page), 'ETH')
}

/** The text of the element an input names with aria-describedby, or null when it names none. */
function describedBy(page: Page, label: string) {
  return dialog(page)
    .getByLabel(label, { exact: true })
    .evaluate((input) => {
      const id = input.getAttribute('aria-describedby')
      return id ? ((input.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '') : null
    })
}

describe('Send', () => {
  it('a pristine form shows no error; each mistake is said at its own field, in red; Send looks disabled', async () => {
    const { page } = session
    await expect.poll(() => message(page).textContent()).toBe('An amount and receiver address are required')
    expect(await dialog(page).locator('[aria-invalid="true"]').count()).toBe(0)
    expect(await sendButton(page).isDisabled()).toBe(true)
    const [disabledLook, primaryLook] = await Promise.all([
      sendButton(page).evaluate((button) => getComputedStyle(button).backgroundColor),
      dialog(page)
        .getByRole('button', { name: 'Max' })
        .evaluate((button) => {
          const probe = document.createElement('button')
          probe.className = 'primary'
          button.parentElement?.append(probe)
          const color = getComputedStyle(probe).backgroundColor
          probe.remove()
          return color
        }),
    ])
    expect(disabledLook).not.toBe(primaryLook)

    await pickEth(page)
    // The token is picked from the modal's own rows: no browser select, radio or white field left.
    expect(await dialog(page).locator('select, input[type="radio"]').count()).toBe(0)
    const ethRow = dialog(page).getByRole('button', { name: /^Token: ETH Ether 0\.0\d{2} ETH$/ })
    expect(await ethRow.count()).toBe(1)
    for (const field of [tokenField(dialog(page)), amount(page), to(page)])
      expect(await field.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
        'rgb(255, 255, 255)',
      )
    await amount(page).fill('1.2.3')
    await to(page).fill('0x1234')
    await expect.poll(() => describedBy(page, 'Amount')).toBe('Invalid amount')
    expect(await describedBy(page, 'To')).toBe('Invalid address')
    expect(await amount(page).getAttribute('aria-invalid')).toBe('true')
    const red = await dialog(page)
      .getByText('Invalid address')
      .evaluate((element) => getComputedStyle(element).color)
    expect(red).toMatch(/^rgb\((2[0-9]{2}), (\d+), (\d+)\)$/)
    expect(Number(/^rgb\((\d+)/.exec(red)?.[1])).toBeGreaterThan(200)

    await amount(page).fill('1')
    await to(page).fill(receiver)
    await expect.poll(() => describedBy(page, 'Amount')).toBe('Insufficient funds')
    expect(await describedBy(page, 'To')).toBeNull()
  })

  it('says before the wallet opens when the fee does not fit in the balance, never the node’s words', async () => {
    const { page } = session
    const balance = await chain.getBalance({ address: sender.address })
    await pickEth(page)
    await to(page).fill(receiver)
    await amount(page).fill((Number(balance) / 1e18).toString())
    await expect
      .poll(() => describedBy(page, 'Amount'), { timeout: 10_000 })
      .toBe('Not enough ETH for the network fee')
    expect(await sendButton(page).isDisabled()).toBe(true)
    expect(session.wallet.prompts).not.toContain('eth_sendTransaction')
    expect(await dialog(page).textContent()).not.toMatch(/gas \* gas fee|exceeds the balance|Version: viem/)
  })

  it('a declined send says so in the form and estimates the fee again; the next try goes through', async () => {
    const { page } = session
    await pickEth(page)
    await amount(page).fill('0.001')
    await to(page).fill(receiver)
    await expect
      .poll(() => message(page).textContent(), { timeout: 10_000 })
      .toMatch(/^Network fee: \d+\.\d{6} ETH$/)
    session.wallet.decide('reject')
    await sendButton(page).click()
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Transaction declined')
    await expect
      .poll(() => message(page).textContent(), { timeout: 10_000 })
      .toMatch(/^Network fee: \d+\.\d{6} ETH$/)
    expect(await amount(page).inputValue()).toBe('0.001')
    session.wallet.decide('approve')
    const before = await chain.getBalance({ address: receiver })
    await sendButton(page).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Sent' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect((await chain.getBalance({ address: receiver })) - before).toBe(parseUnits('0.001', 18))
  })

  it('Max on ETH leaves room for the fee: the whole transfer is mined, and Done leads to Activity', async () => {
    const { page } = session
    await pickEth(page)
    await to(page).fill(receiver)
    await dialog(page).getByRole('button', { name: 'Max' }).click()
    const balance = await chain.getBalance({ address: sender.address })
    // The amount becomes the balance less the fee reserve as soon as the fee is known.
    await expect
      .poll(async () => parseUnits((await amount(page).inputValue()) || '0', 18), { timeout: 10_000 })
      .toBeLessThan(balance)
    await expect.poll(() => message(page).textContent(), { timeout: 10_000 }).toMatch(/^Network fee: /)
    const shown = await amount(page).inputValue()
    expect(parseUnits(shown, 18)).toBeGreaterThan(balance - parseEther('0.001'))

    const before = await chain.getBalance({ address: receiver })
    await sendButton(page).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Sent' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect((await chain.getBalance({ address: receiver })) - before).toBe(parseUnits(shown, 18))
    // What is left is dust: less than the fee reserve that was set aside.
    expect(await chain.getBalance({ address: sender.address })).toBeLessThan(parseEther('0.001'))
    const done = await dialog(page).textContent()
    expect(done).toContain(`${shown} ETH`)
    expect(done).toContain(`${receiver.slice(0, 4)}…${receiver.slice(-6)}`)
    await expectAccessibleModal(page, 'WalletSend (done)')

    await dialog(page).getByRole('button', { name: 'View activity' }).click()
    const activity = dialog(page).getByRole('tab', { name: 'Activity' })
    await expect.poll(() => activity.getAttribute('aria-selected'), { timeout: 5_000 }).toBe('true')
  })
})
