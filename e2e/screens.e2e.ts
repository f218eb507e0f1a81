import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Locator, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { holdRequests } from './hold-requests.ts'
import { installTestWallet } from './test-wallet.ts'
import { useWalletSession } from './wallet-session.ts'

/** The modal fits every screen, the page behind it stays put, the host cannot restyle it. */
const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[3] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey)
const PAGE = `${stack.pageUrl}/?signIn=off`

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' })

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

async function isOnScreen(page: Page, locator: Locator) {
  const { x, y, width, height } = await box(locator)
  const viewport = page.viewportSize() as { width: number; height: number }
  return x >= 0 && y >= 0 && x + width <= viewport.width + 0.5 && y + height <= viewport.height + 0.5
}

/** Wholly on screen, not scrolled or pushed out of the viewport. */
async function expectOnScreen(page: Page, locator: Locator) {
  const { x, y, width, height } = await box(locator)
  const viewport = page.viewportSize() as { width: number; height: number }
  expect(x).toBeGreaterThanOrEqual(0)
  expect(y).toBeGreaterThanOrEqual(0)
  expect(x + width).toBeLessThanOrEqual(viewport.width + 0.5)
  expect(y + height).toBeLessThanOrEqual(viewport.height + 0.5)
}

async function settled(page: Page) {
  await page.waitForFunction(() =>
    (document.querySelector('[data-portico-modal]')?.shadowRoot?.getAnimations() ?? []).every(
      // A spinner turns for as long as it is shown; everything else has an end.
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
    ),
  )
}

describe('the modal on every screen', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
    { width: 320, height: 568 },
    { width: 1280, height: 600 },
  ]) {
    it(`${viewport.width}×${viewport.height}: Close and Disconnect stay reachable, the page keeps its width`, async () => {
      const { page } = session
      await page.setViewportSize(viewport)
      await page.goto(PAGE)
      await connectButton(page).click()
      await settled(page)
      await expectOnScreen(page, dialog(page).getByRole('heading', { name: 'Connect Wallet' }))
      await expectOnScreen(page, dialog(page).getByRole('button', { name: 'Close' }))
      const card = await box(dialog(page))
      if (viewport.width <= 430) {
        // A bottom sheet: full width, resting on the bottom edge.
        expect(card.width).toBe(await page.evaluate(() => document.documentElement.clientWidth))
        expect(Math.round(card.y + card.height)).toBe(viewport.height)
      }

      await dialog(page)
        .getByRole('button', { name: /Test Wallet/ })
        .click()
      await expect.poll(() => dialog(page).count()).toBe(0)
      // Connected: the header button must not widen the page (no balance beside the address on phones).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await page.getByRole('button', { name: /^Account / }).click()
      await settled(page)
      const disconnect = dialog(page).getByRole('button', { name: 'Disconnect' })
      // The account's tokens and activity arrive after the view opens and push Disconnect down:
      // scroll to it as a person would, until it rests on screen.
      await expect
        .poll(async () => {
          await disconnect.scrollIntoViewIfNeeded()
          return isOnScreen(page, disconnect)
        })
        .toBe(true)
      // The header does not scroll away with the body.
      await expectOnScreen(page, dialog(page).getByRole('button', { name: 'Close' }))
      await expectOnScreen(page, dialog(page))
      await disconnect.click()
      await expect.poll(() => connectButton(page).count()).toBe(1)
    })
  }

  it('keeps its height and its top edge while a view’s code loads for the first time', async () => {
    const { page } = session
    await page.setViewportSize({ width: 1280, height: 800 })
    // As on a slow connection: the next view's chunk is on its way.
    const release = await holdRequests(page, /ConnectingExternal-[^/]*\.js$/)
    await page.goto(PAGE)
    await connectButton(page).click()
    // Connect at its full height: the services' wallet list (its last part to arrive) is in.
    await dialog(page)
      .getByRole('button', { name: /^All wallets/ })
      .waitFor()
    await settled(page)
    const before = await box(dialog(page))
    session.wallet.decide('reject')
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(() => dialog(page).locator('[aria-busy="true"]').count()).toBe(1)
    await settled(page)
    const loading = await box(dialog(page))
    expect(loading.y).toBe(before.y)
    expect(Math.abs(loading.height - before.height)).toBeLessThanOrEqual(1)
    release()
    await expect.poll(() => dialog(page).getByRole('heading').first().textContent()).toBe('Test Wallet')
    await settled(page)
    expect((await box(dialog(page))).y).toBe(before.y)
  })

  it('keeps the page behind still and out of reach, and gives focus back after a click outside', async () => {
    const { page } = session
    await page.setViewportSize({ width: 1280, height: 600 })
    await page.goto(PAGE)
    await page.addStyleTag({ content: 'body { min-height: 3000px; }' })
    await connectButton(page).focus()
    await connectButton(page).click()
    await settled(page)
    await page.mouse.move(20, 300)
    await page.mouse.wheel(0, 1200)
    // The wheel event is handled in the next frames; a page that scrolls would have moved by now.
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))))
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    // The page's own controls are out of reach behind the modal (inert): they cannot even take focus.
    const pageButton = page
      .locator('body > :not([data-portico-modal])')
      .getByRole('button', { name: 'Connect Wallet' })
    const tookFocus = await pageButton.evaluate((button) => {
      button.focus()
      return document.activeElement === button
    })
    expect(tookFocus).toBe(false)

    await page.mouse.click(10, 10)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Connect Wallet')
    await page.mouse.wheel(0, 1200)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  it("sets its own type: a host page's reset does not reach into the modal", async () => {
    const { page } = session
    await page.goto(PAGE)
    await page.addStyleTag({
      content:
        'div, h2, button, input { font: inherit; line-height: 28px; letter-spacing: 2px } body { font: 20px serif }',
    })
    await connectButton(page).click()
    const title = dialog(page).getByRole('heading', { name: 'Connect Wallet' })
    const type = await title.evaluate((element) => {
      const style = getComputedStyle(element)
      return { family: style.fontFamily, lineHeight: style.lineHeight, letterSpacing: style.letterSpacing }
    })
    expect(type.family).not.toMatch(/^serif$|Times/)
    expect(type.family).toMatch(/system-ui/)
    expect(type.letterSpacing).toBe('normal')
    expect(Number.parseFloat(type.lineHeight)).toBeLessThan(28)
  })

  it('on a touch phone: 44-px close target, a 16-px e-mail field, and no serious axe finding', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    await installTestWallet(context, {
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      privateKey: devAccount.privateKey,
    })
    const page = await context.newPage()
    try {
      await page.goto(PAGE)
      await connectButton(page).tap()
      await settled(page)
      const close = await box(dialog(page).getByRole('button', { name: 'Close' }))
      expect(close.width).toBeGreaterThanOrEqual(44)
      expect(close.height).toBeGreaterThanOrEqual(44)
      const email = dialog(page).getByRole('textbox', { name: 'Email' })
      expect(await email.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px')
      await expectAccessibleModal(page, 'Connect (phone, bottom sheet)')
    } finally {
      await context.close()
    }
  })
})
