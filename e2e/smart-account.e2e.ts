import { DEV_ACCOUNTS } from '@portico/contracts'
import { porticoAccountFactoryAbi } from '@portico/core/shared'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, isAddressEqual, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { toastText } from './email-login.ts'
import { poll } from './mailbox.ts'
import { secureFrameOf } from './secure-frame.ts'
import {
  connectedAddress as connectedOn,
  fundWithToken,
  logInAsNewUser,
  openAccount as openAccountOn,
  tokenBalances,
} from './smart-account-session.ts'
import { pickToken } from './token-listbox.ts'

/** An e-mail user's smart account, from the login to a sponsored send and sign-in. */
const stack = inject('stack')
const receiver = DEV_ACCOUNTS[9].address as Hex
const usdc = stack.deployment.tokens.USDC as Hex
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const email = `smart-${Date.now()}@example.com`

let browser: Browser
let page: Page
let smartAccount: Hex

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const usdcOf = tokenBalances(stack.rpcUrl, usdc)
const connectedAddress = () => connectedOn(page)
const openAccount = () => openAccountOn(page)

/** The factory the services publish to the secure frame (GET /frame's config). */
async function publishedFactory(): Promise<Hex> {
  const html = await (await fetch(`${stack.servicesUrl}/frame?projectId=${stack.projectId}`)).text()
  const json = /<script type="application\/json" id="frame-config">(.*?)<\/script>/.exec(html)?.[1] ?? 'null'
  return (JSON.parse(json) as { smartAccounts: { factory: Hex } }).smartAccounts.factory
}

const counterfactualOf = async (owner: Hex) =>
  chain.readContract({
    address: await publishedFactory(),
    abi: porticoAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, 0n],
  })

/** A services account route for this chain and project, as the page calls it. */
async function services(path: string): Promise<unknown> {
  const query = `chainId=eip155:${stack.chainId}&projectId=${stack.projectId}&currency=usd`
  const response = await fetch(`${stack.servicesUrl}${path}?${query}`, {
    headers: { origin: new URL(stack.pageUrl).origin },
  })
  return response.json()
}

describe('the embedded wallet connects a smart account by default', () => {
  it('an e-mail login connects the smart account, at its counterfactual address, not deployed yet', async () => {
    smartAccount = await logInAsNewUser(page, stack, email)
    expect(await chain.getCode({ address: smartAccount })).toBeUndefined()

    await openAccount()
    expect(await dialog().getByTitle('Account type').textContent()).toBe('Smart account')
    expect(await dialog().getByRole('button', { name: 'Use EOA' }).count()).toBe(1)
  })

  it('sends USDC without any ETH, gas sponsored: the fee said so, approved in the frame, mined, the account deployed, balances and Activity follow', async () => {
    await fundWithToken(stack.rpcUrl, usdc, smartAccount, '20')
    const receiverBefore = await usdcOf(receiver)
    // Once the services' indexer has the funding, the modal asks again: it keeps balances for 30 s,
    // and the account was empty when it last looked.
    await poll(async () => JSON.stringify(await services(`/v1/account/${smartAccount}/balance`)), {
      timeout: 20_000,
    }).toContain('USDC')
    await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
    await openAccount()

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await dialog().getByLabel('Amount').fill('12.5')
    await dialog().getByLabel('To', { exact: true }).fill(receiver)
    await pickToken(dialog(), 'USDC')
    // The wallet's capabilities say the paymaster pays: the form asks for no ETH.
    await poll(() => dialog().getByTestId('send-message').textContent(), { timeout: 10_000 }).toBe(
      'Network fee: Sponsored',
    )
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()

    const frame = secureFrameOf(page)
    await poll(() => frame.getByRole('button', { name: 'Approve' }).count(), { timeout: 10_000 }).toBe(1)
    expect(await frame.getByText(usdc).count()).toBe(1)
    expect(await frame.getByText(receiver).count()).toBe(1)
    expect(await frame.getByText('12500000 base units').count()).toBe(1)
    expect(
      await frame
        .getByRole('definition')
        .filter({ hasText: /^Sponsored$/ })
        .count(),
    ).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    await poll(() => toastText(page), { timeout: 30_000 }).toContain('Transaction sent')

    expect(await usdcOf(smartAccount)).toBe(parseUnits('7.5', 6))
    expect((await usdcOf(receiver)) - receiverBefore).toBe(parseUnits('12.5', 6))
    expect(await chain.getCode({ address: smartAccount })).not.toBeUndefined()
    // The paymaster paid: the account still holds no ETH at all.
    expect(await chain.getBalance({ address: smartAccount })).toBe(0n)

    await dialog().getByRole('button', { name: 'Back' }).click()
    await poll(() => dialog().getByRole('list', { name: 'Tokens' }).textContent(), {
      timeout: 10_000,
    }).toContain('7.500 USDC')
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const sent = dialog().getByRole('listitem').filter({ hasText: '−12.5 USDC' })
    await poll(() => sent.count(), { timeout: 10_000 }).toBe(1)
    expect(await sent.textContent()).toContain('Send')
    // Mined inside the bundler's handleOps, the transfer is still the account's send to the receiver.
    const { data } = (await services(`/v1/account/${smartAccount}/history`)) as {
      data: { metadata: { operationType: string; sentFrom: string; sentTo: string } }[]
    }
    const send = data.find((entry) => entry.metadata.operationType === 'send')
    expect(send?.metadata.sentFrom.toLowerCase()).toBe(smartAccount.toLowerCase())
    expect(send?.metadata.sentTo.toLowerCase()).toBe(receiver.toLowerCase())
  })

  it('"Use EOA" reconnects with the key\'s own address, which owns the smart account; and back', async () => {
    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
    await openAccount()
    await dialog().getByRole('button', { name: 'Use EOA' }).click()
    await poll(() => dialog().getByTitle('Account type').textContent(), { timeout: 10_000 }).toBe('EOA')
    await poll(async () => isAddressEqual(await connectedAddress(), smartAccount), { timeout: 10_000 }).toBe(
      false,
    )
    const eoa = await connectedAddress()
    expect(await counterfactualOf(eoa)).toBe(smartAccount)

    await dialog().getByRole('button', { name: 'Use smart account' }).click()
    await poll(() => dialog().getByTitle('Account type').textContent(), { timeout: 10_000 }).toBe(
      'Smart account',
    )
    await poll(connectedAddress, { timeout: 10_000 }).toBe(smartAccount)
  })

  it('signs in with the wallet as the smart account: an ERC-1271 signature the services verify', async () => {
    await page.goto(`${stack.pageUrl}/?signIn=optional`)
    await poll(connectedAddress, { timeout: 20_000 }).toBe(smartAccount)
    const sign = dialog().getByRole('button', { name: 'Sign', exact: true })
    await poll(() => sign.count(), { timeout: 20_000 }).toBe(1)
    await sign.click()
    const frame = secureFrameOf(page)
    await poll(() => frame.getByRole('button', { name: 'Approve' }).count(), { timeout: 10_000 }).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    await poll(() => page.getByTestId('siwx-status').textContent(), { timeout: 20_000 }).toBe(
      `Signed in as ${smartAccount}`,
    )
  })
})
