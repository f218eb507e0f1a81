import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchChromium } from './browser.ts'
import { poll } from './mailbox.ts'
import { secureFrameOf } from './secure-frame.ts'

/**
 * One visitor's browser for a test file, on the demo page with sign-in with wallet off (not what
 * these tests are about); the fields are set once `beforeAll` has run.
 */
export function visitorOnDemoPage() {
  const visitor = {} as { browser: Browser; context: BrowserContext; page: Page }
  beforeAll(async () => {
    visitor.browser = await launchChromium()
    visitor.context = await visitor.browser.newContext()
    visitor.page = await visitor.context.newPage()
    await visitor.page.goto(`${inject('stack').pageUrl}/?signIn=off`)
  })
  afterAll(async () => {
    await visitor.browser?.close()
  })
  return visitor
}

/** Helpers of the social and Farcaster login tests: the demo page's status, the modal, the passkey offer. */
export const dialogOf = (p: Page) => p.getByRole('dialog')
export const statusOf = (p: Page) => p.getByTestId('status').textContent()

export async function connectedAddress(p: Page): Promise<Hex> {
  const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

/**
 * After a login the page is connected and the modal closes, unless the login made a new user: then
 * the frame first offers a passkey, before the wallet is made, and this visitor says "Not now".
 */
export async function settleAfterLogin(p: Page): Promise<void> {
  const offer = secureFrameOf(p).getByRole('heading', { name: 'Protect your wallet with a passkey' })
  await poll(async () => (await statusOf(p)) === 'connected' || (await offer.count()) > 0, {
    timeout: 30_000,
  }).toBe(true)
  if ((await offer.count()) > 0) await secureFrameOf(p).getByRole('button', { name: 'Not now' }).click()
  await poll(() => statusOf(p), { timeout: 30_000 }).toBe('connected')
  await poll(() => dialogOf(p).count()).toBe(0)
}

/** The account view names the login (provider and user name); then the visitor disconnects. */
export async function accountLoginAndDisconnect(p: Page): Promise<string> {
  await p.getByRole('button', { name: /^Account / }).click()
  const shown = dialogOf(p).getByTestId('embedded-social')
  await poll(() => shown.count()).toBe(1)
  const text = (await shown.textContent()) ?? ''
  await dialogOf(p).getByRole('button', { name: 'Disconnect' }).click()
  await poll(() => statusOf(p)).toBe('disconnected')
  return text
}
