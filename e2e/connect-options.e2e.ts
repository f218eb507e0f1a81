import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Locator, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { useWalletSession } from './wallet-session.ts'

/** Connect as a dapp that set AppKit's Connect options: the demo page takes them from its address. */
const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[6] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey)

const dialog = () => session.page.getByRole('dialog')

async function openConnect(query: string) {
  await session.page.goto(`${stack.pageUrl}/?signIn=off&${query}`)
  await session.page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect.poll(() => dialog().getByRole('heading', { name: 'Connect Wallet' }).count()).toBe(1)
}

/** Every way to connect Connect offers here, by what a visitor reads on it. */
const waysIn = () => [
  dialog().getByRole('textbox', { name: 'Email' }),
  dialog().getByRole('button', { name: 'Continue', exact: true }),
  dialog().getByRole('button', { name: 'Continue with Google' }),
  dialog().getByRole('button', { name: /Test Wallet/ }),
  dialog().getByRole('button', { name: /WalletConnect/ }),
]

/** What has focus, through the modal's shadow root. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    return element?.textContent ?? ''
  })

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN

describe('the legal checkbox', () => {
  it('holds back every way to connect, says why, opens both links in a new tab, and is asked once', async () => {
    await openConnect('legal=on')
    const checkbox = dialog().getByRole('checkbox', {
      name: /I agree to the Terms of Service and the Privacy Policy/,
    })
    await expect.poll(() => checkbox.isChecked()).toBe(false)
    for (const [name, path] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      const link = dialog().getByRole('link', { name })
      expect(await link.getAttribute('href')).toBe(`${stack.pageUrl}${path}`)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Test Wallet/ })
          .count(),
      )
      .toBe(1)
    for (const way of waysIn()) expect(await way.isDisabled()).toBe(true)
    // The reason is on screen and is the description of the disabled group.
    const reason = dialog().getByText('Tick the box above to connect.')
    expect(await reason.isVisible()).toBe(true)
    const group = dialog().getByRole('group')
    expect(await group.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'))
    await expectAccessibleModal(session.page, 'Connect with the legal checkbox unticked')

    await checkbox.focus()
    await session.page.keyboard.press('Space')
    await expect.poll(() => checkbox.isChecked()).toBe(true)
    for (const way of waysIn()) expect(await way.isDisabled()).toBe(false)
    expect(await reason.count()).toBe(0)

    // Back on this device: already agreed.
    await openConnect('legal=on')
    await expect.poll(() => checkbox.isChecked()).toBe(true)
    expect(
      await dialog()
        .getByRole('button', { name: /Test Wallet/ })
        .isDisabled(),
    ).toBe(false)
  })
})

describe('wallets behind one button', () => {
  it('collapseWallets: e-mail and social, then "Continue with a wallet" opens the wallets with focus on the first', async () => {
    await openConnect('wallets=collapse')
    const more = dialog().getByRole('button', { name: 'Continue with a wallet' })
    await expect.poll(() => more.count()).toBe(1)
    expect(await dialog().getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    expect(await dialog().getByRole('button', { name: 'Continue with Google' }).count()).toBe(1)
    expect(
      await dialog()
        .getByRole('button', { name: /Test Wallet/ })
        .count(),
    ).toBe(0)
    await expectAccessibleModal(session.page, 'Connect with the wallets collapsed')

    await more.focus()
    await session.page.keyboard.press('Enter')
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Test Wallet/ })
          .count(),
      )
      .toBe(1)
    expect(await more.count()).toBe(0)
    // Focus is on the first wallet row (WalletConnect's group comes first by default).
    await expect.poll(() => focusedText(session.page)).toMatch(/WalletConnect/)
    await session.page.keyboard.press('Tab')
    await expect.poll(() => focusedText(session.page)).toMatch(/Test Wallet/)
  })

  it('emailShowWallets false: no wallet under the e-mail field, the button leads to them', async () => {
    await openConnect('wallets=hide-under-email')
    const more = dialog().getByRole('button', { name: 'Continue with a wallet' })
    await expect.poll(() => more.count()).toBe(1)
    expect(await dialog().getByRole('list', { name: 'Browser wallets' }).count()).toBe(0)
    await more.click()
    await expect.poll(() => dialog().getByRole('list', { name: 'Browser wallets' }).count()).toBe(1)
  })

  it('fits a 320-px phone with the checkbox and the folded wallets', async () => {
    await session.page.setViewportSize({ width: 320, height: 568 })
    await openConnect('legal=on&wallets=collapse')
    await expect.poll(() => dialog().getByRole('button', { name: 'Continue with a wallet' }).count()).toBe(1)
    const card = await dialog().boundingBox()
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    for (const control of await dialog().locator('button:visible, input:visible, a:visible').all()) {
      const box = await control.boundingBox()
      expect(box && card && box.x >= card.x - 0.5 && box.x + box.width <= card.x + card.width + 0.5).toBe(
        true,
      )
    }
  })
})

describe('the host’s orders', () => {
  it('connectMethodsOrder: wallets, then social, then e-mail, top to bottom', async () => {
    await openConnect('methods=wallet,social,email')
    const wallet = dialog().getByRole('button', { name: /Test Wallet/ })
    await expect.poll(() => wallet.count()).toBe(1)
    const social = await top(dialog().getByRole('button', { name: 'Continue with Google' }))
    expect(await top(wallet)).toBeLessThan(social)
    expect(social).toBeLessThan(await top(dialog().getByRole('textbox', { name: 'Email' })))
  })

  it('connectorTypeOrder: the browser wallets above WalletConnect', async () => {
    await openConnect('groups=injected,walletConnect')
    const lists = dialog().getByRole('list')
    await expect.poll(() => dialog().getByRole('list', { name: 'Browser wallets' }).count()).toBe(1)
    const names = await lists.evaluateAll((all) => all.map((list) => list.getAttribute('aria-label')))
    expect(names.indexOf('Browser wallets')).toBeLessThan(names.indexOf('Mobile wallets'))
    expect(names.indexOf('Browser wallets')).toBeGreaterThanOrEqual(0)
  })

  it('walletFeaturesOrder: Send and Receive first in the account’s action row', async () => {
    await openConnect('walletFeatures=send,receive')
    await dialog()
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect
      .poll(() => session.page.getByTestId('status').textContent(), { timeout: 10_000 })
      .toBe('connected')
    await session.page.getByRole('button', { name: /^Account / }).click()
    const actions = ['Send', 'Receive', 'Buy', 'Swap'].map((name) =>
      dialog().getByRole('button', { name, exact: true }),
    )
    await expect.poll(() => actions[0]?.count()).toBe(1)
    const tops = await Promise.all(actions.map((action) => action.boundingBox()))
    const lefts = tops.map((box) => (box ? box.y * 10_000 + box.x : Number.NaN))
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b))
  })
})
