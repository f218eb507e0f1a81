import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { fundFromDevAccount } from './fund.ts'
import { installTestWallet } from './test-wallet.ts'
import { connectAndOpenAccount, useWalletSession } from './wallet-session.ts'

/** A visitor chooses an account name in the modal; it shows everywhere, and stays theirs. */
const stack = inject('stack')
const aliceKey = generatePrivateKey()
const alice = privateKeyToAccount(aliceKey)
const bobKey = generatePrivateKey()
const bob = privateKeyToAccount(bobKey)
const label = `vis${Date.now().toString(36)}`
const name = `${label}.portico.id`
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const session = useWalletSession(aliceKey)

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 7, alice.address, '0.01'))

const dialog = (page: Page) => page.getByRole('dialog')
const nameField = (page: Page) => dialog(page).getByLabel('Name', { exact: true })

async function openChooseName(page: Page) {
  const entry = dialog(page).getByRole('button', { name: 'Choose a name' })
  await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1)
  await entry.click()
  await expect
    .poll(() => dialog(page).getByRole('heading', { name: 'Choose Name' }).count(), { timeout: 5_000 })
    .toBe(1)
  await expect.poll(() => dialog(page).getByText('.portico.id').count(), { timeout: 5_000 }).toBe(1)
}

const verdict = (page: Page) => dialog(page).getByRole('status')

describe('account names', () => {
  it('a visitor chooses a name: the rules are said as they type, the wallet signs, and the name shows everywhere, after a reload too', async () => {
    const { page, wallet } = session
    await connectAndOpenAccount(page, stack.pageUrl)
    await openChooseName(page)
    // Focus is in the field, so the visitor can type straight away.
    expect(
      await nameField(page).evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input),
    ).toBe(true)

    await page.keyboard.type('ab')
    await expect.poll(() => verdict(page).textContent()).toBe('A name must be at least 4 characters')
    expect(await nameField(page).getAttribute('aria-invalid')).toBe('true')
    const register = dialog(page).getByRole('button', { name: 'Choose name' })
    expect(await register.isDisabled()).toBe(true)
    await nameField(page).fill('my name')
    await expect
      .poll(() => verdict(page).textContent())
      .toBe('A name may contain only letters, digits or hyphens')

    await nameField(page).fill(label)
    await expect.poll(() => verdict(page).textContent(), { timeout: 5_000 }).toBe(`${name} is available`)
    await expectAccessibleModal(page, 'RegisterAccountName')

    // Declined in the wallet: said in words, the name still typed, nothing registered.
    wallet.decide('reject', 'personal_sign')
    await register.click()
    await expect.poll(() => verdict(page).textContent()).toBe('You declined the request in your wallet.')
    expect(await nameField(page).inputValue()).toBe(label)
    const nothing = await fetch(
      `${stack.servicesUrl}/v1/identity/${alice.address}?projectId=${stack.projectId}`,
      {
        headers: { origin: new URL(stack.pageUrl).origin },
      },
    )
    expect((await nothing.json()).name).toBeNull()

    wallet.decide('approve', 'personal_sign')
    await register.click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Account name chosen successfully' }).count(), {
        timeout: 10_000,
      })
      .toBe(1)
    expect(await dialog(page).textContent()).toContain(name)
    await expectAccessibleModal(page, 'RegisterAccountNameSuccess')

    await dialog(page).getByRole('button', { name: 'Go to profile' }).click()
    await expect.poll(() => dialog(page).getByText(name, { exact: true }).count()).toBe(1)
    expect(await dialog(page).getByRole('button', { name: 'Choose a name' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('button', { name: `Account ${name}` }).count()).toBe(1)

    // A reload: the first HTML already names the account, before any script ran.
    const html = await (await page.request.get(`${stack.pageUrl}/?signIn=off`)).text()
    expect(html).toContain(`>${name}<`)
    await page.reload()
    await expect
      .poll(() => page.getByRole('button', { name: `Account ${name}` }).count(), { timeout: 10_000 })
      .toBe(1)
  })

  it('a second visitor cannot take it: taken, with free names to pick instead; and Activity names who paid them', async () => {
    const page = await visitorPage(session.context, bobKey)
    await connectAndOpenAccount(page, stack.pageUrl)
    await openChooseName(page)
    await nameField(page).fill(label.toUpperCase())
    await expect
      .poll(() => verdict(page).textContent(), { timeout: 5_000 })
      .toBe(`${label.toUpperCase()}.portico.id is taken`)
    const picks = dialog(page).getByRole('list', { name: 'Free instead:' }).getByRole('button')
    await expect.poll(() => picks.count()).toBeGreaterThan(0)
    const first = (await picks.first().textContent()) ?? ''
    await picks.first().click()
    expect(await nameField(page).inputValue()).toBe(first)
    await expect
      .poll(() => verdict(page).textContent(), { timeout: 5_000 })
      .toBe(`${first}.portico.id is available`)
    await expectAccessibleModal(page, 'RegisterAccountName (taken)')

    // Alice pays Bob: Bob's Activity shows who by name.
    const aliceWallet = createWalletClient({ account: alice, transport: http(stack.rpcUrl) })
    const hash = await aliceWallet.sendTransaction({
      chain: null,
      to: bob.address,
      value: parseEther('0.001'),
    })
    await chain.waitForTransactionReceipt({ hash })
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^Account / }).click()
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await expect
      .poll(() => dialog(page).getByText(`${name} → +0.001 ETH`).count(), { timeout: 20_000 })
      .toBe(1)
  })
})

/** Another visitor in the same browser: a fresh context with their own wallet. */
async function visitorPage(context: BrowserContext, privateKey: Hex): Promise<Page> {
  const browser = context.browser()
  if (!browser) throw new Error('no browser')
  const other = await browser.newContext()
  await installTestWallet(other, { rpcUrl: stack.rpcUrl, chainId: stack.chainId, privateKey })
  return other.newPage()
}
