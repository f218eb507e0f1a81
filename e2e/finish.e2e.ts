import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { browserPerFile } from './browser-per-file.ts'
import { fundFromDevAccount } from './fund.ts'
import { installTestWallet } from './test-wallet.ts'
import { pickToken } from './token-listbox.ts'

/**
 * The walkthrough's finish, as a visitor meets it: copy buttons that reset, Farcaster without a QR
 * on the phone that would scan it, wallets without logos still drawn on a tile, a note where the
 * page pairs over its own relay, an empty wallet's first steps, the account on a phone held
 * sideways, and Buy's choices in the modal's own controls.
 */
const stack = inject('stack')
const browser = browserPerFile()
const PAGE = `${stack.pageUrl}/?signIn=off`
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}
const funded = generatePrivateKey()

const dialog = (page: Page) => page.getByRole('dialog')
const poll: typeof expect.poll = (callback, options) => expect.poll(callback, { timeout: 15_000, ...options })

beforeAll(() => fundFromDevAccount(stack.rpcUrl, 7, privateKeyToAccount(funded).address, '1'))

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

async function openPage(
  options: BrowserContextOptions = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(PAGE)
  return { page, context }
}

/** The page with the test wallet of `key` connected and the Account view open. */
async function openAccount(
  key: `0x${string}`,
  options: BrowserContextOptions = {},
  before: (context: BrowserContext) => Promise<unknown> = async () => undefined,
): Promise<Page> {
  const context = await browser.newContext(options)
  await before(context)
  await installTestWallet(context, { rpcUrl: stack.rpcUrl, chainId: stack.chainId, privateKey: key })
  const page = await context.newPage()
  await page.goto(PAGE)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page)
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await poll(() => page.getByTestId('status').textContent()).toBe('connected')
  await page.getByRole('button', { name: /^Account / }).click()
  await poll(() => dialog(page).getByRole('tab', { name: 'Tokens' }).count()).toBe(1)
  return page
}

describe('WalletConnect and Farcaster', () => {
  it('Copy link says Copied, then offers to copy again; the QR view says the page pairs over its own relay', async () => {
    const { page } = await openPage({ permissions: ['clipboard-read', 'clipboard-write'] })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    expect(
      await dialog(page)
        .getByText(
          'This site pairs through its own WalletConnect relay: only wallets set up for that relay can connect.',
        )
        .count(),
    ).toBe(1)
    await dialog(page).getByRole('button', { name: 'Copy link' }).click()
    await poll(() => dialog(page).getByRole('button', { name: 'Copied' }).count()).toBe(1)
    // Back to its name within a few seconds, not stuck on "Copied".
    await poll(() => dialog(page).getByRole('button', { name: 'Copy link' }).count(), {
      timeout: 5_000,
    }).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^wc:/)
  })

  it('Farcaster on a desktop: the QR code and Copy link; on a phone: Open Farcaster and no QR to scan', async () => {
    for (const [options, phone] of [
      [{}, false],
      [PHONE, true],
    ] as const) {
      const { page } = await openPage(options)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
      await poll(() => dialog(page).getByText('Waiting for Farcaster…').count(), { timeout: 20_000 }).toBe(1)
      expect(await dialog(page).getByRole('button', { name: 'Copy link' }).count()).toBe(1)
      expect(await dialog(page).getByRole('img', { name: 'Farcaster sign-in QR code' }).count()).toBe(
        phone ? 0 : 1,
      )
      expect(await dialog(page).getByText('Scan with your phone').count()).toBe(phone ? 0 : 1)
      expect(await dialog(page).getByRole('link', { name: 'Open Farcaster' }).count()).toBe(phone ? 1 : 0)
    }
  })
})

describe('the services’ wallet list out of reach', () => {
  it('is said at Connect with Retry, not left to vanish, and Retry brings it back', async () => {
    const context = await browser.newContext()
    let reachable = false
    await context.route(
      (url) => url.pathname.startsWith('/v1/wallets'),
      (route) => (reachable ? route.continue() : route.abort('connectionrefused')),
    )
    const page = await context.newPage()
    await page.goto(PAGE)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const sentence = dialog(page).getByText('The wallet list can’t be loaded right now.')
    await poll(() => sentence.count()).toBe(1)
    await expectAccessibleModal(page, 'Connect (wallet list unavailable)')
    reachable = true
    await dialog(page).getByRole('button', { name: 'Retry' }).click()
    await poll(() =>
      dialog(page)
        .getByRole('button', { name: /^All wallets/ })
        .count(),
    ).toBe(1)
    expect(await sentence.count()).toBe(0)
  })
})

describe('wallets without a logo', () => {
  it('show their initials on a tile of their own colour, and names read whole on two lines', async () => {
    const { page } = await openPage()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page)
      .getByRole('button', { name: /^All wallets/ })
      .click()
    const tiles = dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
    await poll(() => tiles.count()).toBeGreaterThan(8)
    const shown = await tiles.evaluateAll((buttons) =>
      buttons.map((button) => {
        const name = button.querySelector('.name') as HTMLElement
        const picture = button.querySelector('.wallet-image') as HTMLElement
        return {
          name: name.textContent ?? '',
          cut: name.scrollHeight > name.clientHeight + 1,
          letters: picture.tagName === 'IMG' ? undefined : picture.textContent,
          tile: getComputedStyle(picture).backgroundColor,
          behind: getComputedStyle(button).backgroundColor,
        }
      }),
    )
    // Names of two short words ("Ledger Wallet") are not cut to "Ledger W…".
    for (const tile of shown.filter(({ name }) => name.length <= 16))
      expect(tile.cut, `${tile.name} reads whole`).toBe(false)
    const monograms = shown.filter((tile) => tile.letters !== undefined)
    expect(monograms.length).toBeGreaterThan(0)
    for (const tile of monograms) {
      expect(tile.letters).toMatch(/^\S{1,2}$/)
      expect(tile.tile, `${tile.name}'s tile shows against the button`).not.toBe(tile.behind)
    }
    // Two wallets with the same initial no longer look alike.
    const byLetter = new Map<string, Set<string>>()
    for (const tile of monograms) {
      const first = tile.letters?.charAt(0) ?? ''
      byLetter.set(first, (byLetter.get(first) ?? new Set()).add(tile.tile))
    }
    expect([...byLetter.values()].some((colours) => colours.size > 1)).toBe(true)
    await expectAccessibleModal(page, 'AllWallets (monograms)')
  })
})

describe('the account', () => {
  it('of a new, empty wallet says how to fill it, and Buy crypto leads to Buy', async () => {
    const page = await openAccount(generatePrivateKey())
    await poll(() => dialog(page).getByText('Your wallet is empty').count()).toBe(1)
    expect(await dialog(page).getByRole('button', { name: 'Receive funds' }).count()).toBe(1)
    await expectAccessibleModal(page, 'Account (empty wallet)')
    await dialog(page).getByRole('button', { name: 'Buy crypto' }).click()
    await poll(() => dialog(page).getByRole('heading', { name: 'Buy', exact: true }).count()).toBe(1)
  })

  it('of a wallet funded before the services ever saw it shows that funding in Activity once its past is read', async () => {
    // Opening the account is the services' first request about it: from then on it is watched and
    // its past read from the node (the funding is a plain ETH transfer, found by trace_filter).
    const page = await openAccount(funded)
    const address = privateKeyToAccount(funded).address
    await poll(async () => {
      const query = `chainId=eip155:${stack.chainId}&projectId=${stack.projectId}`
      const response = await fetch(`${stack.servicesUrl}/v1/account/${address}/history?${query}`, {
        headers: { origin: new URL(stack.pageUrl).origin },
      })
      const { data } = (await response.json()) as { data: { metadata: { operationType: string } }[] }
      return data.map((entry) => entry.metadata.operationType)
    }).toContain('receive')
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await poll(() =>
      dialog(page)
        .getByRole('listitem')
        .filter({ hasText: /\+1(\.0+)? ETH/ })
        .count(),
    ).toBe(1)
  })

  it('on a phone held sideways shows the features and the tabs without scrolling', async () => {
    const page = await openAccount(funded, { ...PHONE, viewport: { width: 844, height: 390 } })
    // Measured once the card stopped growing to its content.
    const bottomOf = async (locator: Locator) => {
      const { y, height } = await box(locator)
      return y + height
    }
    for (const control of [
      dialog(page).getByRole('button', { name: 'Send', exact: true }),
      dialog(page).getByRole('tab', { name: 'Tokens' }),
    ])
      await poll(async () => (await bottomOf(control)) <= (await bottomOf(dialog(page))), {
        timeout: 5_000,
      }).toBe(true)
    expect(await dialog(page).evaluate((card) => card.querySelector('.body-outer')?.scrollTop)).toBe(0)
  })

  it('with the chain’s node out of reach, says so instead of loading for ever, and Retry brings the balance back', async () => {
    const node = new URL(stack.rpcUrl).host
    let reachable = false
    // Refused from the page only, as when the node is down: the test wallet answers from here.
    const page = await openAccount(funded, {}, (context) =>
      context.route(
        (url) => url.host === node,
        (route) => (reachable ? route.continue() : route.abort('connectionrefused')),
      ),
    )
    const sentence = dialog(page).getByText('Can’t reach the Anvil network. Balances may be out of date.')
    await poll(() => sentence.count()).toBe(1)
    expect(await dialog(page).getByText('Loading balance…').count()).toBe(0)
    reachable = true
    await dialog(page).getByRole('button', { name: 'Retry' }).first().click()
    await poll(() => dialog(page).getByRole('group', { name: 'Balance' }).textContent()).toBe('1.000 ETH')
    expect(await sentence.count()).toBe(0)
  })

  it('with the chain’s node out of reach, Send says so with Retry and no endless spinner; Retry brings ETH back', async () => {
    const node = new URL(stack.rpcUrl).host
    let reachable = false
    const page = await openAccount(funded, {}, (context) =>
      context.route(
        (url) => url.host === node,
        (route) => (reachable ? route.continue() : route.abort('connectionrefused')),
      ),
    )
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const sentence = dialog(page).getByText(
      'Can’t reach the Anvil network, so nothing can be sent right now.',
    )
    await poll(() => sentence.count()).toBe(1)
    expect(
      await dialog(page)
        .getByText(/^Estimating network fee|^Loading/)
        .count(),
    ).toBe(0)
    expect(await dialog(page).locator('.spinner').count()).toBe(0)
    await expectAccessibleModal(page, 'WalletSend (chain out of reach)')
    reachable = true
    await dialog(page).getByRole('button', { name: 'Retry' }).click()
    await poll(() => sentence.count()).toBe(0)
    await pickToken(dialog(page), 'ETH')
  })

  it('Buy’s currency, method and provider are the modal’s own controls, each a finger’s size on a phone', async () => {
    const page = await openAccount(funded, PHONE)
    await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
    const amount = dialog(page).getByLabel('You pay')
    await amount.waitFor()
    // The modal's field, not the browser's white box.
    expect(await amount.evaluate((input) => getComputedStyle(input).backgroundColor)).not.toBe(
      'rgb(255, 255, 255)',
    )
    const sandbox = dialog(page).getByRole('radio', { name: /^Sandbox/ })
    await poll(() => sandbox.count()).toBe(1)
    for (const radio of await dialog(page).getByRole('radio').all()) {
      const name = await radio.evaluate((input) => input.closest('label')?.textContent ?? '')
      // The radio is the whole pill or row, so a tap anywhere on it chooses it.
      const [own, drawn] = await Promise.all([box(radio), box(radio.locator('xpath=ancestor::label[1]'))])
      expect(own.height, `${name} is a finger's size`).toBeGreaterThanOrEqual(44)
      expect(Math.abs(own.width - drawn.width), `${name} is tappable across`).toBeLessThanOrEqual(2)
    }
    await dialog(page)
      .getByRole('radio', { name: /^Bank transfer/ })
      .click()
    expect(
      await dialog(page)
        .getByRole('radio', { name: /^Bank transfer/ })
        .isChecked(),
    ).toBe(true)
    expect(await dialog(page).getByRole('radio', { name: /^Card/ }).isChecked()).toBe(false)
    await expectAccessibleModal(page, 'OnRampProviders (pills)')
  })
})
