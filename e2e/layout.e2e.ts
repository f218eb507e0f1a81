import type { BrowserContext, Locator, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { browserPerFile } from './browser-per-file.ts'
import { typeMailedCode } from './email-login.ts'
import { fundFromDevAccount } from './fund.ts'
import { poll } from './mailbox.ts'
import { secureFrameOf } from './secure-frame.ts'
import { installTestWallet, type TestWallet } from './test-wallet.ts'
import { pickToken } from './token-listbox.ts'

/**
 * The modal fits every screen whatever the host page does: a 63-character account name and the
 * wrong-network pill in the page's header, all four wallet features on. And when the services cannot
 * be reached, the account says so instead of "empty", and the coin still leaves the wallet.
 */
const stack = inject('stack')
const browser = browserPerFile()
const key = generatePrivateKey()
const account = privateKeyToAccount(key)
// The longest label the rules allow.
const label = `w${Date.now().toString(36)}`.padEnd(63, 'x')
const name = `${label}.portico.id`
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const PAGE = `${stack.pageUrl}/?signIn=off`
const OTHER_CHAIN = 1

const dialog = (page: Page) => page.getByRole('dialog')

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 6, account.address, '1'))

/** A phone is a phone: touch, the mobile viewport (which a too-wide page stretches), coarse pointer. */
async function open(
  width: number,
  height: number,
): Promise<{ page: Page; wallet: TestWallet; context: BrowserContext }> {
  const phone = width <= 430
  const context = await browser.newContext({
    viewport: { width, height },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  })
  const wallet = await installTestWallet(context, {
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    privateKey: key,
  })
  const page = await context.newPage()
  return { page, wallet, context }
}

async function connect(page: Page) {
  await page.goto(PAGE)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page)
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('connected')
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The card within the screen, the page no wider than it, and every control inside the card. */
async function expectFits(page: Page, width: number) {
  expect(await pageWidth(page)).toBeLessThanOrEqual(width)
  const card = await box(dialog(page))
  expect(card.x).toBeGreaterThanOrEqual(0)
  expect(card.x + card.width).toBeLessThanOrEqual(width + 0.5)
  const controls = dialog(page).locator('button:visible, input:visible, select:visible, a:visible')
  for (const control of await controls.all()) {
    const { x, width: wide } = await box(control)
    const what = (await control.getAttribute('aria-label')) ?? (await control.textContent())
    expect(x, `${what} starts inside the card`).toBeGreaterThanOrEqual(card.x - 0.5)
    expect(x + wide, `${what} ends inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5)
  }
  // Close is on screen and takes the tap (nothing, e.g. the backdrop, lies over it).
  const close = dialog(page).getByRole('button', { name: 'Close' })
  const { x, y, width: wide, height } = await box(close)
  expect(x + wide).toBeLessThanOrEqual(width + 0.5)
  expect(y).toBeGreaterThanOrEqual(0)
  await close.click({ trial: true, timeout: 2_000 })
  expect(
    await page.evaluate(
      ([cx, cy]) => {
        const hit = document.elementFromPoint(cx as number, cy as number)
        return hit?.shadowRoot
          ?.elementFromPoint(cx as number, cy as number)
          ?.closest('button')
          ?.getAttribute('aria-label')
      },
      [x + wide / 2, y + height / 2],
    ),
  ).toBe('Close')
}

describe('the modal on every screen, with a 63-character name and the wrong network', () => {
  it('a visitor chooses the longest name on a 320-px phone: the form and the success view stay on screen', async () => {
    const { page } = await open(320, 568)
    await connect(page)
    await page.getByRole('button', { name: /^Account / }).click()
    await dialog(page).getByRole('button', { name: 'Choose a name' }).click()
    await dialog(page).getByLabel('Name', { exact: true }).fill(label)
    await expect
      .poll(() => dialog(page).getByRole('status').textContent(), { timeout: 10_000 })
      .toBe(`${name} is available`)
    await expectFits(page, 320)
    await dialog(page).getByRole('button', { name: 'Choose name' }).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Account name chosen successfully' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    await expectFits(page, 320)
    await dialog(page).getByRole('button', { name: 'Go to profile' }).click()
    await expect.poll(() => dialog(page).getByTestId('account-name').textContent()).toBe(name)
    await expectFits(page, 320)
  })

  for (const [width, height] of [
    [320, 568],
    [360, 740],
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`${width} px: the header keeps the page's width, Switch Network, Account, Swap and Pay fit`, async () => {
      const { page, wallet } = await open(width, height)
      await connect(page)
      const accountButton = page.getByRole('button', { name: `Account ${name}` })
      await expect.poll(() => accountButton.count(), { timeout: 10_000 }).toBe(1)
      // The name ends in an ellipsis instead of widening the header.
      expect(await accountButton.evaluate((button) => button.scrollWidth <= button.clientWidth + 1)).toBe(
        true,
      )

      await wallet.moveToChain(page, OTHER_CHAIN)
      const wrong = page.getByRole('button', { name: /^Wrong network/ })
      await expect.poll(() => wrong.count()).toBe(1)
      expect(await pageWidth(page)).toBeLessThanOrEqual(width)
      await wrong.click()
      await expect
        .poll(() =>
          dialog(page)
            .getByRole('button', { name: /^Switch to / })
            .count(),
        )
        .toBe(1)
      await expectFits(page, width)
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => dialog(page).count()).toBe(0)
      await wallet.moveToChain(page, stack.chainId)
      await expect.poll(() => wrong.count()).toBe(0)

      await accountButton.click()
      const features = ['Buy', 'Swap', 'Receive', 'Send'].map((feature) =>
        dialog(page).getByRole('button', { name: feature, exact: true }),
      )
      for (const feature of features) await expect.poll(() => feature.count(), { timeout: 10_000 }).toBe(1)
      await expect.poll(() => dialog(page).getByTestId('account-name').textContent()).toBe(name)
      await expectFits(page, width)
      // Each feature's label is whole, not cut at the card's edge.
      for (const feature of features)
        expect(await feature.evaluate((button) => button.scrollWidth <= button.clientWidth + 1)).toBe(true)
      if (width <= 430) {
        await expectAccessibleModal(page, `Account at ${width} px`)
        // A finger's 44 px, text-sized controls included.
        for (const tab of await dialog(page).getByRole('tab').all())
          expect((await box(tab)).height).toBeGreaterThanOrEqual(44)
      }

      await features[1]?.click()
      await expect
        .poll(() => dialog(page).getByRole('button', { name: 'Max' }).count(), { timeout: 10_000 })
        .toBe(1)
      await expectFits(page, width)
      if (width <= 430) {
        const max = await box(dialog(page).getByRole('button', { name: 'Max' }))
        expect(Math.min(max.width, max.height)).toBeGreaterThanOrEqual(44)
      }

      // A payment the dapp asks for (openPay) on the same screen: the amount, the recipient and Pay fit.
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByRole('button', { name: /^Pay 0\.01 \S+ to the shop$/ }).click()
      await expect
        .poll(
          () =>
            dialog(page)
              .getByRole('button', { name: /^Pay 0\.01 \S+$/ })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1)
      await expectFits(page, width)
      if (width <= 430) await expectAccessibleModal(page, `Pay at ${width} px`)
    })
  }
})

describe('a host page wider than the phone', () => {
  it('does not widen the bottom sheet: it stays on the screen the visitor sees, Close within reach', async () => {
    const { page } = await open(390, 844)
    await page.goto(PAGE)
    // As a page with a wide table would: its layout viewport grows past the phone's 390 px.
    await page.evaluate(() => {
      const wide = document.createElement('div')
      wide.style.cssText = 'width: 900px; height: 10px'
      document.querySelector('main')?.append(wide)
    })
    expect(await pageWidth(page)).toBeGreaterThan(390)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByRole('button', { name: /Test Wallet/ })
          .count(),
      )
      .toBe(1)
    const card = await box(dialog(page))
    expect(card.x).toBe(0)
    expect(card.width).toBeLessThanOrEqual(390)
    expect(Math.round(card.y + card.height)).toBeLessThanOrEqual(844)
    const close = await box(dialog(page).getByRole('button', { name: 'Close' }))
    expect(close.x + close.width).toBeLessThanOrEqual(390)
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
  })
})

describe('the secure frame inside the modal', () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`${width} px: the passkey offer after an e-mail login is drawn in the card's body, with one title`, async () => {
      const { page } = await open(width, height)
      await page.goto(PAGE)
      await typeMailedCode(page, stack.servicesUrl, `layout-${width}-${Date.now()}@example.com`)
      const offer = secureFrameOf(page).getByRole('heading', { name: 'Protect your wallet with a passkey' })
      await poll(() => offer.count(), { timeout: 20_000 }).toBe(1)
      const frame = page.locator('iframe[title="Portico secure frame"]')
      // The card grows to the frame's height (an animation): measured once both stand still.
      await poll(
        async () => {
          const [card, shown] = [await box(dialog(page)), await box(frame)]
          return (
            shown.x >= card.x - 0.5 &&
            shown.x + shown.width <= card.x + card.width + 0.5 &&
            shown.y > card.y &&
            shown.y + shown.height <= card.y + card.height + 0.5
          )
        },
        { timeout: 5_000 },
      ).toBe(true)
      // One title: the frame's heading; the modal's own stays only as the dialog's name.
      expect(await dialog(page).locator('h2').isVisible()).toBe(false)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await secureFrameOf(page).getByRole('button', { name: 'Not now' }).click()
      await poll(() => frame.evaluate((element) => getComputedStyle(element).opacity)).toBe('0')
    })
  }
})

describe('exporting the key right after a login', () => {
  it('says a code was just sent and counts down, with Try again held until the cooldown ends', async () => {
    const { page } = await open(1280, 800)
    await page.goto(PAGE)
    await typeMailedCode(page, stack.servicesUrl, `layout-export-${Date.now()}@example.com`)
    const frame = secureFrameOf(page)
    await poll(() => frame.getByRole('button', { name: 'Not now' }).count(), { timeout: 20_000 }).toBe(1)
    await frame.getByRole('button', { name: 'Not now' }).click()
    await poll(() => dialog(page).count()).toBe(0)
    await page.getByRole('button', { name: /^Account / }).click()
    await dialog(page).getByRole('button', { name: 'Export private key' }).click()
    await poll(() => dialog(page).getByText('A code was just sent to your e-mail.').count(), {
      timeout: 10_000,
    }).toBe(1)
    const tryAgain = dialog(page).getByRole('button', { name: 'Try again' })
    expect(await tryAgain.isDisabled()).toBe(true)
    const left = dialog(page).getByText(/^You can ask for a new one in \d+ seconds?\.$/)
    const seconds = async () => Number(/\d+/.exec((await left.textContent()) ?? '')?.[0])
    const first = await seconds()
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThanOrEqual(30)
    await poll(seconds, { timeout: 3_000 }).toBeLessThan(first)
  })
})

describe('the services cannot be reached', () => {
  it('Tokens and Activity say they are unavailable, with Retry; Send still sends ETH from the wallet’s balance', async () => {
    const { page, context } = await open(1280, 800)
    await connect(page)
    // Refused from here on, as when the services are down: every request and socket to their origin.
    const services = new URL(stack.servicesUrl)
    await context.route(
      (url) => url.host === services.host,
      (route) => route.abort('connectionrefused'),
    )
    await context.routeWebSocket(
      (url) => url.host === services.host,
      (socket) => socket.close(),
    )

    await page.getByRole('button', { name: /^Account / }).click()
    await expect
      .poll(() => dialog(page).getByText('Tokens are unavailable right now').count(), { timeout: 15_000 })
      .toBe(1)
    expect(await dialog(page).getByText('No tokens yet').count()).toBe(0)
    expect(await dialog(page).getByRole('button', { name: 'Retry' }).count()).toBe(1)
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await expect
      .poll(() => dialog(page).getByText('Activity is unavailable right now').count(), { timeout: 15_000 })
      .toBe(1)
    expect(await dialog(page).getByText('No activity yet').count()).toBe(0)
    // A browser-wallet visitor is not told about the e-mail wallet's frame.
    expect(
      await dialog(page)
        .getByText(/Could not load embedded wallet/)
        .count(),
    ).toBe(0)

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await expect
      .poll(
        () => dialog(page).getByText('Tokens are unavailable right now. You can still send ETH.').count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1)
    await pickToken(dialog(page), 'ETH')
    const receiver = privateKeyToAccount(generatePrivateKey()).address as Hex
    const before = await chain.getBalance({ address: account.address })
    await dialog(page).getByLabel('Amount').fill('0.01')
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
    const send = dialog(page).getByRole('button', { name: 'Send', exact: true })
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true)
    await send.click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: 'Sent' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    expect(await chain.getBalance({ address: account.address })).toBeLessThan(before - parseEther('0.01'))
  })
})
