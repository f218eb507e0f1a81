import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest'
import { launchChromium } from './browser.ts'
import { installTestWallet, type TestWallet } from './test-wallet.ts'

export interface WalletSession {
  browser: Browser
  context: BrowserContext
  page: Page
  wallet: TestWallet
}

/**
 * The hooks every wallet test file needs: one Chromium per file, and for each test a fresh browser
 * context (no cookies, no storage) with the test wallet holding `privateKey`, on a new page.
 */
export function useWalletSession(privateKey: Hex, options: { open?: string } = {}): WalletSession {
  const stack = inject('stack')
  const session = {} as WalletSession
  beforeAll(async () => {
    session.browser = await launchChromium()
  })
  afterAll(async () => {
    await session.browser?.close()
  })
  beforeEach(async () => {
    await session.context?.close()
    session.context = await session.browser.newContext()
    session.wallet = await installTestWallet(session.context, {
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      privateKey,
    })
    session.page = await session.context.newPage()
    if (options.open) await session.page.goto(options.open)
  })
  return session
}

/**
 * What a visitor does first in most tests: opens the page without the sign-in step, connects the Test
 * Wallet from the modal, and opens the account modal from the connect button. `query` is added to
 * the page's address, e.g. `hide=onramp`.
 */
export async function connectAndOpenAccount(page: Page, pageUrl: string, query = ''): Promise<void> {
  await page.goto(`${pageUrl}/?signIn=off${query ? `&${query}` : ''}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('connected')
  await page.getByRole('button', { name: /^Account / }).click()
}
