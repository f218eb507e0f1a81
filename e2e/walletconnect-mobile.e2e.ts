import { DEV_ACCOUNTS } from '@portico/contracts'
import { shortenAddress } from '@portico/core'
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { browserPerFile } from './browser-per-file.ts'

/**
 * On a phone the wallet rows open the wallet with the pairing URI inside
 * the tap. The dev wallet is a web wallet of the list (its `webapp_link`), so a phone opens it in a
 * tab of its own, as it would a real wallet's web app.
 */
const stack = inject('stack')
const WALLET_URL = `${stack.servicesUrl}/dev/wallet`
// The account `scripts/stack.ts` gives the dev wallet.
const walletAccount = DEV_ACCOUNTS[8] as { address: Hex }
const poll: typeof expect.poll = (callback, options) => expect.poll(callback, { timeout: 20_000, ...options })

/** A phone as use-phone.ts sees one: a coarse pointer (touch) and a narrow screen. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

const chromium = browserPerFile()

const dialog = (page: Page) => page.getByRole('dialog')

async function openConnectOnPhone(options: { clock?: boolean } = {}): Promise<Page> {
  const context = await chromium.newContext({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  if (options.clock) await page.clock.install()
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  await page.getByRole('button', { name: 'Connect Wallet' }).tap()
  await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
  return page
}

/** The dev wallet's row once it is a link carrying a pairing URI. */
async function devWalletLink(page: Page, list: string) {
  const link = dialog(page)
    .getByRole('list', { name: list })
    .getByRole('link', { name: /Portico Dev Wallet/ })
  await link.waitFor({ timeout: 20_000 })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href.startsWith(`${WALLET_URL}/wc?uri=wc%3A`)).toBe(true)
  return { link, href }
}

/** Taps the row, follows the wallet's new tab, approves there; the dapp's tab ends connected. */
async function approveFromTap(dapp: Page, link: ReturnType<Page['getByRole']>) {
  const [wallet] = await Promise.all([dapp.context().waitForEvent('page'), link.tap()])
  await wallet.getByRole('article', { name: 'Connection request from Portico' }).waitFor({ timeout: 20_000 })
  return wallet
}

async function expectConnected(dapp: Page) {
  await poll(() => dapp.getByTestId('status').textContent()).toBe('connected')
  await poll(() => dialog(dapp).count()).toBe(0)
  const short = shortenAddress(walletAccount.address)
  expect(await dapp.getByRole('button', { name: new RegExp(`Account ${short}`) }).count()).toBe(1)
}

describe('WalletConnect on a phone', () => {
  it('a wallet row of Connect opens the wallet with the code in the tap, then waits for it', async () => {
    const dapp = await openConnectOnPhone()
    const { link, href } = await devWalletLink(dapp, 'Recommended wallets')
    await expectAccessibleModal(dapp, 'Connect (phone, deep-linking rows)')
    // The pairing made for the rows is not the visitor connecting: the page's button says nothing of it.
    expect(await dapp.getByText('Connecting…').count()).toBe(0)

    const wallet = await approveFromTap(dapp, link)
    // The modal waits for that wallet, offering the same link again: the code the wallet holds.
    await dialog(dapp).getByRole('heading', { name: 'Portico Dev Wallet' }).waitFor()
    // Now the visitor has picked: the page's button says so.
    await poll(() => dapp.getByText('Connecting…').count()).toBe(1)
    const again = dialog(dapp).getByRole('link', { name: /^Open Portico Dev Wallet/ })
    expect(await again.getAttribute('href')).toBe(href)
    expect(await dialog(dapp).getByRole('timer').textContent()).toMatch(/^Code refreshes in [34]:\d\d$/)
    expect(await dialog(dapp).getByRole('button', { name: 'Copy link' }).count()).toBe(1)
    expect(await dialog(dapp).getByRole('img', { name: 'WalletConnect QR code' }).count()).toBe(0)
    await expectAccessibleModal(dapp, 'ConnectingWalletConnect (phone, waiting for the wallet)')

    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expectConnected(dapp)
  })

  it('the WalletConnect row leads to the wallets the phone can open; Back returns; a row there deep-links', async () => {
    const dapp = await openConnectOnPhone()
    await dialog(dapp)
      .getByRole('button', { name: /WalletConnect/ })
      .tap()
    await dialog(dapp).getByRole('heading', { name: 'WalletConnect' }).waitFor()
    await devWalletLink(dapp, 'Wallets on this phone')
    expect(await dialog(dapp).getByRole('button', { name: 'Copy link' }).count()).toBe(1)
    expect(
      await dialog(dapp)
        .getByRole('button', { name: /^Search all wallets/ })
        .count(),
    ).toBe(1)
    expect(await dialog(dapp).getByRole('img', { name: 'WalletConnect QR code' }).count()).toBe(0)
    await expectAccessibleModal(dapp, 'ConnectingWalletConnectBasic (phone wallet list)')

    await dialog(dapp).getByRole('button', { name: 'Back' }).tap()
    await dialog(dapp).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    await dialog(dapp)
      .getByRole('button', { name: /WalletConnect/ })
      .tap()
    const { link, href } = await devWalletLink(dapp, 'Wallets on this phone')

    const wallet = await approveFromTap(dapp, link)
    const again = dialog(dapp).getByRole('link', { name: /^Open Portico Dev Wallet/ })
    await again.waitFor()
    expect(await again.getAttribute('href')).toBe(href)
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expectConnected(dapp)
  })

  it('a tap on a code past its use opens nothing; the fresh code that follows does', async () => {
    const dapp = await openConnectOnPhone({ clock: true })
    const { link, href } = await devWalletLink(dapp, 'Recommended wallets')
    let opened = 0
    dapp.context().on('page', () => opened++)
    // The phone slept: its clock passed the code's 3:50 of use before the timer that replaces it ran.
    await dapp.clock.setSystemTime(Date.now() + 4 * 60_000)
    await link.tap()
    await dialog(dapp).getByRole('heading', { name: 'Portico Dev Wallet' }).waitFor()
    await dapp.clock.fastForward('03:51')
    const open = dialog(dapp).getByRole('link', { name: /^Open Portico Dev Wallet/ })
    await poll(async () => ((await open.count()) === 1 ? open.getAttribute('href') : href)).not.toBe(href)
    expect(opened).toBe(0)

    const [wallet] = await Promise.all([dapp.context().waitForEvent('page'), open.tap()])
    await wallet
      .getByRole('article', { name: 'Connection request from Portico' })
      .waitFor({ timeout: 20_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await poll(() => dapp.getByTestId('status').textContent()).toBe('connected')
  })
})
