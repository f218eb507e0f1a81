import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { codeIn, lastMailId, linkIn, mailFor, poll } from './mailbox.ts'

const stack = inject('stack')
const funder = DEV_ACCOUNTS[7] as { address: Hex; privateKey: Hex }
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const email = `visitor-${Date.now()}@example.com`
const MESSAGE = 'Hello from Portico'

let browser: Browser
let context: BrowserContext
let page: Page
let firstMailAt = 0
let address: Hex
let second: Page
let deviceMailAt = 0

beforeAll(async () => {
  browser = await launchChromium()
  context = await browser.newContext()
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialogOf = (p: Page) => p.getByRole('dialog')
const statusOf = (p: Page) => p.getByTestId('status').textContent()

async function startEmailLogin(p: Page, address: string) {
  await p.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialogOf(p).getByRole('textbox', { name: 'Email' }).fill(address)
  await dialogOf(p).getByRole('button', { name: 'Continue' }).click()
}

async function connectedAddress(p: Page): Promise<Hex> {
  const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

// One visitor's story, in order: each step starts where the previous one left the page.
describe('e-mail login through the secure frame', () => {
  it('a new visitor logs in with the code from the e-mail and is connected', async () => {
    await page.goto(stack.pageUrl)
    const before = await lastMailId(stack.servicesUrl)
    await startEmailLogin(page, email)
    firstMailAt = Date.now()
    await poll(() => dialogOf(page).getByText('Enter the code we sent to').count()).toBe(1)
    const code = codeIn(await mailFor(stack.servicesUrl, email, before))
    await dialogOf(page).getByRole('textbox', { name: 'Digit 1' }).click()
    await page.keyboard.type(code)
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    await poll(() => dialogOf(page).count()).toBe(0)
    address = await connectedAddress(page)
  })

  it('signs a message only after Approve, with a signature that verifies against the address', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await poll(() => dialogOf(page).getByText(MESSAGE).count()).toBe(1)
    expect(await dialogOf(page).getByRole('heading').textContent()).toBe('Approve Transaction')
    await dialogOf(page).getByRole('button', { name: 'Approve' }).click()
    const output = page.getByTestId('wallet-signature')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    const signature = (await output.textContent()) as Hex
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    await poll(() => dialogOf(page).count()).toBe(0)
  })

  it('sends ETH from the embedded account after showing recipient, amount and fee', async () => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(funder.privateKey),
      transport: http(stack.rpcUrl),
    })
    const funding = await wallet.sendTransaction({ chain: null, to: address, value: parseEther('1') })
    await chain.waitForTransactionReceipt({ hash: funding })
    const recipientBefore = await chain.getBalance({ address: funder.address })

    await page.getByRole('textbox', { name: 'Recipient' }).fill(funder.address)
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await poll(() => dialogOf(page).getByText('0.01 ETH').count()).toBe(1)
    expect(await dialogOf(page).getByText(funder.address).count()).toBe(1)
    await poll(() =>
      dialogOf(page)
        .getByText(/^\d+(\.\d+)? ETH$/)
        .count(),
    ).toBe(2) // amount and fee
    await dialogOf(page).getByRole('button', { name: 'Approve' }).click()

    const output = page.getByTestId('wallet-transaction')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    const receipt = await chain.waitForTransactionReceipt({ hash: (await output.textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: funder.address })).toBe(recipientBefore + parseEther('0.01'))
    expect(await chain.getBalance({ address })).toBeLessThan(parseEther('0.99'))
  })

  it('a rejected request fails in the dapp with 4001 and nothing is signed', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialogOf(page).getByRole('button', { name: 'Reject' }).click()
    await poll(() => page.getByTestId('wallet-error').textContent()).toMatch(/^4001 /)
    expect(await page.getByTestId('wallet-signature').count()).toBe(0)
  })

  it('the approval cannot be closed away: Escape keeps it open until answered', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await poll(() => dialogOf(page).getByText(MESSAGE).count()).toBe(1)
    await page.keyboard.press('Escape')
    await page.waitForTimeout(600)
    expect(await dialogOf(page).getByText(MESSAGE).count()).toBe(1)
    await dialogOf(page).getByRole('button', { name: 'Reject' }).click()
    await poll(() => dialogOf(page).count()).toBe(0)
  })

  it('stays connected through the frame after a reload', async () => {
    await page.reload()
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    // Still connected after wagmi's reconnect has asked the frame, not just from the cookie.
    await page.waitForTimeout(3000)
    expect(await statusOf(page)).toBe('connected')
    expect(await connectedAddress(page)).toBe(address)
  })

  it('signs out from the account view', async () => {
    await page.getByRole('button', { name: /^Account / }).click()
    await dialogOf(page).getByRole('button', { name: 'Disconnect' }).click()
    await poll(() => statusOf(page)).toBe('disconnected')
    await page.reload()
    await page.waitForTimeout(2000)
    expect(await statusOf(page)).toBe('disconnected')
  })

  it('a second browser approves the new device by the e-mailed link and continues by itself', async () => {
    // The resend cooldown is per address and held by the services; wait it out.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstMailAt + 31_000 - Date.now())))
    const other = await browser.newContext()
    try {
      second = await other.newPage()
      await second.goto(stack.pageUrl)
      const before = await lastMailId(stack.servicesUrl)
      await startEmailLogin(second, email)
      await poll(() => dialogOf(second).getByText('Approve this device').count()).toBe(1)
      const link = linkIn(await mailFor(stack.servicesUrl, email, before))

      const mailTab = await other.newPage()
      await mailTab.goto(link)
      await mailTab.getByRole('button', { name: 'Approve device' }).click()
      await poll(() => mailTab.getByRole('heading').textContent()).toBe('Device approved')

      await poll(() => statusOf(second), { timeout: 30_000 }).toBe('connected')
      expect(await connectedAddress(second)).toBe(address)
      deviceMailAt = Date.now()
    } catch (error) {
      await other.close()
      throw error
    }
  }, 90_000)

  it('shows the e-mail and account type, and moves the account to a new e-mail with two codes', async () => {
    await second.getByRole('button', { name: /^Account / }).click()
    await poll(() => dialogOf(second).getByTestId('embedded-email').textContent()).toBe(email)
    expect(await dialogOf(second).getByTitle('Account type').textContent()).toBe('EOA')

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deviceMailAt + 31_000 - Date.now())))
    const newEmail = `moved-${email}`
    let before = await lastMailId(stack.servicesUrl)
    await dialogOf(second).getByRole('button', { name: 'Update email' }).click()
    await dialogOf(second).getByRole('textbox', { name: 'New email' }).fill(newEmail)
    await dialogOf(second).getByRole('button', { name: 'Save' }).click()
    const primary = codeIn(await mailFor(stack.servicesUrl, email, before))
    before = await lastMailId(stack.servicesUrl)
    await dialogOf(second).getByRole('textbox', { name: 'Digit 1' }).click()
    await second.keyboard.type(primary)
    await poll(() => dialogOf(second).getByText(newEmail).count()).toBe(1)
    const secondary = codeIn(await mailFor(stack.servicesUrl, newEmail, before))
    await dialogOf(second).getByRole('textbox', { name: 'Digit 1' }).click()
    await second.keyboard.type(secondary)
    await poll(() => dialogOf(second).getByTestId('embedded-email').textContent()).toBe(newEmail)
    await second.context().close()
  }, 60_000)
})
