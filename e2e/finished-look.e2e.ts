import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Locator, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { holdRequests } from './hold-requests.ts'
import { useWalletSession } from './wallet-session.ts'

/**
 * A finished look — icons for the header controls, the modal's vertical rhythm, the
 * Connect view's divider and its empty state, grouped token amounts, a header that does not
 * re-announce itself, a still progress cue under reduced motion, and no dead Close button.
 */
const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[4] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey)
const PAGE = `${stack.pageUrl}/?signIn=off`

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' })
const GET_A_WALLET = 'https://ethereum.org/en/wallets/find-wallet/'

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

/** The space between the bottom of one line and the top of the next. */
async function gapBetween(upper: Locator, lower: Locator): Promise<number> {
  const [a, b] = [await box(upper), await box(lower)]
  return b.y - (a.y + a.height)
}

async function openConnect(page: Page) {
  await page.goto(PAGE)
  await connectButton(page).click()
  // Drawn once its e-mail field is: the view's code may still be on its way when the dialog opens.
  await dialog(page).getByRole('textbox', { name: 'Email' }).waitFor()
}

async function openAccount(page: Page) {
  await openConnect(page)
  await dialog(page)
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
  await page.getByRole('button', { name: /^Account / }).click()
  await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
}

/** A page in a browser with no wallet at all: a new context without the test wallet. */
async function pageWithoutWallet(options: { phone: boolean }) {
  const context = await session.browser.newContext(
    options.phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 800 } },
  )
  return { context, page: await context.newPage() }
}

describe('a finished look', () => {
  it('draws Back, Close and copy as SVG icons and keeps their names', async () => {
    const { page } = session
    session.wallet.decide('reject')
    await openConnect(page)
    const close = dialog(page).getByRole('button', { name: 'Close' })
    expect(await close.locator('svg').count()).toBe(1)
    expect((await close.textContent())?.trim()).toBe('')
    // A row that leads on shows a chevron too, and keeps its badge in words.
    const row = dialog(page).getByRole('button', { name: /Test Wallet/ })
    expect(await row.locator('svg').count()).toBe(1)
    expect(await row.getByText('Installed', { exact: true }).isVisible()).toBe(true)

    await row.click()
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toBe('You declined in Test Wallet.')
    const back = dialog(page).getByRole('button', { name: 'Back' })
    expect(await back.locator('svg').count()).toBe(1)
    expect((await back.textContent())?.trim()).toBe('')
    expect(await dialog(page).textContent()).not.toMatch(/[‹✕]/)

    session.wallet.decide('approve')
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    await page.getByRole('button', { name: /^Account / }).click()
    const copy = dialog(page).getByRole('button', { name: 'Copy address' })
    await copy.waitFor()
    expect(await copy.locator('svg').count()).toBe(1)
  })

  it('sets a title and its subtitle at most 12 px apart, not 40', async () => {
    const { page } = session
    session.wallet.decide('reject')
    await openConnect(page)
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    const declined = dialog(page).getByText('You declined in Test Wallet.')
    await declined.waitFor()
    const hint = dialog(page).getByText('Try again when you’re ready.')
    const gap = await gapBetween(declined, hint)
    expect(gap).toBeGreaterThanOrEqual(0)
    expect(gap).toBeLessThanOrEqual(12)
  })

  it('puts an “or” between the e-mail field and the wallets it lists', async () => {
    const { page } = session
    await openConnect(page)
    const email = dialog(page).getByRole('textbox', { name: 'Email' })
    const wallets = dialog(page).getByRole('list', { name: 'Browser wallets' })
    const or = dialog(page).getByText('or', { exact: true })
    await wallets.waitFor()
    expect(await or.isVisible()).toBe(true)
    // Measured together: the card may still be growing to its full height, moving all three.
    const [above, divider, below] = (await Promise.all([box(wallets), box(or), box(email)])).map(
      (measured) => measured?.y ?? Number.NaN,
    )
    // Whatever the order of the two, the divider sits between them.
    expect(Math.min(above ?? 0, below ?? 0)).toBeLessThan(divider ?? 0)
    expect(Math.max(above ?? 0, below ?? 0)).toBeGreaterThan(divider ?? 0)
    await expectAccessibleModal(page, 'Connect (e-mail or wallets)')
  })

  it('with no wallet in a desktop browser: e-mail first, the wallets it can still use, and a way to get a wallet', async () => {
    const { context, page } = await pageWithoutWallet({ phone: false })
    try {
      await openConnect(page)
      const link = dialog(page).getByRole('link', { name: 'Get a wallet' })
      await link.waitFor()
      expect(await link.getAttribute('href')).toBe(GET_A_WALLET)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer'])
      expect(await dialog(page).getByText('New to wallets?').isVisible()).toBe(true)
      // WalletConnect is listed, so no card says there is no way to connect a wallet here.
      const walletConnect = dialog(page)
        .getByRole('button', { name: /WalletConnect/ })
        .first()
      await walletConnect.waitFor()
      expect(
        await dialog(page)
          .getByText(/No wallet found/)
          .count(),
      ).toBe(0)
      // E-mail, the way in that works here, comes first; the line to get a wallet comes last.
      const email = await box(dialog(page).getByRole('textbox', { name: 'Email' }))
      expect(email.y).toBeLessThan((await box(walletConnect)).y)
      expect((await box(walletConnect)).y).toBeLessThan((await box(link)).y)
      await expectAccessibleModal(page, 'Connect (no wallet, desktop)')
    } finally {
      await context.close()
    }
  })

  it('with no wallet on a phone: the same way forward, and no advice to install a browser extension', async () => {
    const { context, page } = await pageWithoutWallet({ phone: true })
    try {
      await page.goto(PAGE)
      await connectButton(page).tap()
      const link = dialog(page).getByRole('link', { name: 'Get a wallet' })
      await link.waitFor()
      expect(await link.getAttribute('href')).toBe(GET_A_WALLET)
      const text = (await dialog(page).textContent()) ?? ''
      expect(text).not.toContain('No wallet found')
      expect(text).not.toMatch(/extension/i)
      expect(text).not.toMatch(/this browser/i)
      expect((await box(link)).height).toBeGreaterThanOrEqual(44)
      await expectAccessibleModal(page, 'Connect (no wallet, phone)')
    } finally {
      await context.close()
    }
  })

  it('writes token amounts with thousands grouped, in the header and the token list', async () => {
    const { page } = session
    await openAccount(page)
    // A dev account holds some 10 000 ETH.
    await expect
      .poll(() => dialog(page).getByLabel('Balance').textContent(), { timeout: 10_000 })
      .toMatch(/^\d{1,3}(,\d{3})+\.\d{3} ETH$/)
    const tokens = dialog(page).getByRole('list', { name: 'Tokens' }).getByRole('listitem')
    await expect.poll(() => tokens.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const ether = tokens.filter({ hasText: /\d ETH$|\d ETH\$/ }).first()
    expect(await ether.textContent()).toMatch(/\d{1,3}(,\d{3})+\.\d{3} ETH/)
    await expectAccessibleModal(page, 'Account')
  })

  it('does not make the portfolio value and balance live regions that speak at every refresh', async () => {
    const { page } = session
    await openAccount(page)
    for (const label of ['Portfolio value', 'Balance']) {
      const figure = dialog(page).getByLabel(label)
      await figure.waitFor()
      const live = await figure.evaluate((element) => {
        const region = element.closest(
          'output, [role="status"], [role="alert"], [role="log"], [role="marquee"], [role="timer"], [aria-live]',
        )
        return region && region.getAttribute('aria-live') !== 'off' ? region.outerHTML.slice(0, 80) : null
      })
      expect(live, `${label} inside a live region`).toBeNull()
    }
    // The picture of the address is decoration: hidden from assistive technology, drawn inline.
    const identicon = dialog(page).locator('[aria-hidden="true"] > svg').first()
    expect(await identicon.isVisible()).toBe(true)
  })

  it('keeps a still, plainly “in progress” cue when motion is reduced', async () => {
    const { page } = session
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const release = await holdRequests(page, /ConnectingExternal-[^/]*\.js$/)
    try {
      await openConnect(page)
      await dialog(page)
        .getByRole('button', { name: /Test Wallet/ })
        .click()
      const loading = dialog(page).locator('[aria-busy="true"]')
      await loading.waitFor()
      const cue = await loading.evaluate((element) => {
        const spinner = element.firstElementChild as HTMLElement
        const ring = getComputedStyle(spinner)
        return {
          animation: ring.animationName,
          sides: [ring.borderTopStyle, ring.borderRightStyle, ring.borderBottomStyle, ring.borderLeftStyle],
          colours: new Set([ring.borderTopColor, ring.borderRightColor, ring.borderBottomColor]).size,
          words: getComputedStyle(element, '::after').content,
        }
      })
      expect(cue.animation).toBe('none')
      expect(cue.sides).toEqual(['dotted', 'dotted', 'dotted', 'dotted'])
      expect(cue.colours).toBe(1)
      expect(cue.words).toBe('"Loading…"')
    } finally {
      release()
    }
  })

  it('shows no Close button where closing is refused, and Escape still cannot close', async () => {
    const { page } = session
    await page.goto(`${stack.pageUrl}/?signIn=required`)
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Sign', exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(1)
    expect(await dialog(page).getByRole('button', { name: 'Close' }).count()).toBe(0)
    // The header keeps its layout: the title stays centred in the card.
    const [card, title] = [
      await box(dialog(page)),
      await box(dialog(page).getByRole('heading', { name: 'Sign In' })),
    ]
    expect(Math.abs(title.x + title.width / 2 - (card.x + card.width / 2))).toBeLessThanOrEqual(1)
    await page.keyboard.press('Escape')
    expect(await dialog(page).count()).toBe(1)
    await dialog(page).getByRole('button', { name: 'Cancel and disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
  })
})
