import { readFileSync } from 'node:fs'
import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Locator, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { installTestWallet } from './test-wallet.ts'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[6] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey)

/** The registry the services ship: what the list must show, in its order. */
const registry = JSON.parse(
  readFileSync(new URL('../packages/server/data/wallets/registry.json', import.meta.url), 'utf8'),
) as { wallets: { id: string; name: string }[] }
/** The names listed in development: the dev wallet (which the stack runs) first, then the registry's. */
const listed = ['Portico Dev Wallet', ...registry.wallets.map((wallet) => wallet.name)]

const dialog = (page: Page) => page.getByRole('dialog')
const tiles = (page: Page) => dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
/** The wallet names on rows or tiles, as read (the monogram beside each is hidden from readers). */
const names = (buttons: Locator) => buttons.locator('.label, .name').allTextContents()
const title = (page: Page) => dialog(page).getByRole('heading', { level: 2 })

/** What the page asked of the wallet list, each request's query as an object. */
function listRequests(page: Page): Record<string, string>[] {
  const asked: Record<string, string>[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/v1/wallets') asked.push(Object.fromEntries(url.searchParams))
  })
  return asked
}

async function openAllWallets(page: Page) {
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const all = dialog(page).getByRole('button', { name: /^All wallets/ })
  await all.click()
  await expect.poll(() => title(page).textContent()).toBe('All Wallets')
}

describe('the all-wallets list', () => {
  it('from Connect: recommended wallets and All wallets with the count, then pages as it scrolls', async () => {
    const { page } = session
    const asked = listRequests(page)
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const recommended = dialog(page).getByRole('list', { name: 'Recommended wallets' }).getByRole('button')
    await expect.poll(() => recommended.count()).toBe(4)
    expect(await names(recommended)).toEqual(listed.slice(0, 4))
    // MetaMask's logo, the registry's inline SVG, drawn where its initials would be.
    const metaMask = recommended.filter({ hasText: 'MetaMask' })
    await expect
      .poll(() =>
        metaMask.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0)
    expect(await metaMask.locator('.monogram').count()).toBe(0)
    // The wallet in this browser stays in its own group, first.
    const browserWallets = dialog(page).getByRole('list', { name: 'Browser wallets' })
    expect(await browserWallets.getByRole('listitem').first().textContent()).toContain('Test Wallet')
    const all = dialog(page).getByRole('button', { name: /^All wallets/ })
    expect(await all.textContent()).toBe(`All wallets${listed.length}`)
    await expectAccessibleModal(page, 'Connect (with the wallet list)')

    await all.click()
    await expect.poll(() => title(page).textContent()).toBe('All Wallets')
    const search = dialog(page).getByRole('searchbox', { name: 'Search wallets' })
    // Focus moves into the view, onto its field.
    await expect
      .poll(() => search.evaluate((field) => field === (field.getRootNode() as ShadowRoot).activeElement))
      .toBe(true)
    await expect.poll(() => tiles(page).count()).toBe(40)
    expect(await names(tiles(page).first())).toEqual([listed[0]])
    // The Connect view's first page is the list's first page: one request so far.
    expect(asked).toHaveLength(1)
    await expectAccessibleModal(page, 'AllWallets')

    await tiles(page).last().scrollIntoViewIfNeeded()
    await expect.poll(() => tiles(page).count()).toBe(80)
    expect(await names(tiles(page).nth(40))).toEqual([listed[40]])
    expect(asked.at(-1)).toMatchObject({ page: '2', entries: '40', chains: `eip155:${stack.chainId}` })
  })

  it('searches as the visitor types, shows a wallet’s page with its store links, goes back, closes on Escape', async () => {
    const { page } = session
    const asked = listRequests(page)
    await openAllWallets(page)
    const search = dialog(page).getByRole('searchbox', { name: 'Search wallets' })
    await search.pressSequentially('rain')
    await expect.poll(() => names(tiles(page))).toEqual(['Rainbow'])
    const searches = asked.flatMap((query) => (query.search ? [query.search] : []))
    // Sent after the typing paused: for the whole word, never for each letter typed before it.
    expect(searches.at(-1)).toBe('rain')
    for (const text of searches) expect('rain'.startsWith(text)).toBe(true)
    expect(await dialog(page).getByText('1 wallet matches “rain”').isVisible()).toBe(true)

    await search.fill('zzzz no such wallet')
    await expect.poll(() => dialog(page).getByText('No wallet matches “zzzz no such wallet”').count()).toBe(1)
    await expectAccessibleModal(page, 'AllWallets (no match)')
    await search.fill('rain')
    await tiles(page).getByText('Rainbow').click()

    await expect.poll(() => title(page).textContent()).toBe('Rainbow')
    const get = dialog(page).getByRole('region', { name: 'Get Rainbow' })
    const links = get.getByRole('link')
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['App Store', 'Google Play', 'Chrome Web Store', 'Website'])
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect((await link.getAttribute('rel'))?.split(' ')).toContain('noopener')
    }
    expect(await get.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://rainbow.me/')
    await expectAccessibleModal(page, 'ExplorerWallet')

    // Back finds the search as it was left.
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => title(page).textContent()).toBe('All Wallets')
    expect(await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).inputValue()).toBe('rain')
    expect(await names(tiles(page))).toEqual(['Rainbow'])

    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
  })

  it('a wallet installed in this browser is listed once, as installed, and connects as the browser wallet', async () => {
    const context = await session.browser.newContext()
    try {
      // The test wallet announces itself as Rainbow, under Rainbow's rdns.
      const wallet = await installTestWallet(context, {
        rpcUrl: stack.rpcUrl,
        chainId: stack.chainId,
        privateKey: devAccount.privateKey,
        name: 'Rainbow',
        rdns: 'me.rainbow',
      })
      const page = await context.newPage()
      await page.goto(`${stack.pageUrl}/?signIn=off`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const installed = dialog(page).getByRole('list', { name: 'Browser wallets' })
      await expect.poll(() => names(installed.getByRole('button'))).toEqual(['Rainbow'])
      const recommended = dialog(page).getByRole('list', { name: 'Recommended wallets' }).getByRole('button')
      await expect.poll(() => recommended.count()).toBe(4)
      expect(await names(recommended)).not.toContain('Rainbow')

      await dialog(page)
        .getByRole('button', { name: /^All wallets/ })
        .click()
      await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill('rainbow')
      await expect.poll(() => names(tiles(page))).toEqual(['Rainbow'])
      expect(await tiles(page).getByText('Installed', { exact: true }).isVisible()).toBe(true)
      await tiles(page).first().click()
      // The browser wallet is asked, as from the Connect view's row.
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('connected')
      expect(wallet.prompts).toContain('eth_requestAccounts')
    } finally {
      await context.close()
    }
  })
})
