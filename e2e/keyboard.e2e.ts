import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { toastText } from './email-login.ts'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[4] as { address: Hex; privateKey: Hex }
const receiver = DEV_ACCOUNTS[8] as { address: Hex }
const session = useWalletSession(devAccount.privateKey)

const dialog = () => session.page.getByRole('dialog')
const status = () => session.page.getByTestId('status').textContent()

/**
 * What has focus, as a person with a screen reader hears it: role (or tag) and name, looking
 * through the modal's shadow root. `body` when focus fell out of everything.
 */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    if (!element || element === document.body) return 'body'
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      ''
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase()
    return `${role} ${name.trim().replace(/\s+/g, ' ')}`.trim()
  })
}

/** Presses Tab (or Shift+Tab) until focus is on what `matches` describes; fails after a full lap. */
async function tabTo(page: Page, matches: RegExp, options: { back?: boolean } = {}): Promise<string> {
  for (let step = 0; step < 40; step++) {
    const now = await focused(page)
    if (matches.test(now)) return now
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${matches} (last: ${await focused(page)})`)
}

/** From a freshly loaded page: Tab to Connect Wallet and press Enter. */
async function openWithKeyboard(page: Page) {
  await tabTo(page, /^button Connect Wallet$/)
  await page.keyboard.press('Enter')
  await poll(() => dialog().count()).toBe(1)
}

async function connectWalletWithKeyboard(page: Page) {
  await openWithKeyboard(page)
  await tabTo(page, /^button .*Test Wallet/, { back: true })
  await page.keyboard.press('Enter')
  await poll(status).toBe('connected')
}

describe('the modal without a mouse', () => {
  it('browser wallet: open, pick the wallet, a rejection, and Escape closes back to the button', async () => {
    const { page, wallet } = session
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await openWithKeyboard(page)
    // The wallets come first: the title takes focus, not the e-mail field under them, so the list
    // stays at its top.
    await poll(() => focused(page)).toBe('h2 Connect Wallet')
    await tabTo(page, /^input Email$/)
    await expectAccessibleModal(page, 'Connect')

    // Tab stays inside the dialog: a whole lap forwards and back never leaves it.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-portico-modal'))).toBe(true)
    }

    wallet.decide('reject')
    await tabTo(page, /^button .*Test Wallet/, { back: true })
    await page.keyboard.press('Enter')
    await poll(() => dialog().getByRole('alert').count()).toBe(1)
    expect(await focused(page)).toBe('h2 Test Wallet')
    await expectAccessibleModal(page, 'ConnectingExternal (declined)')

    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
    expect(await focused(page)).toBe('button Connect Wallet')
    expect(await status()).toBe('disconnected')
  })

  it('e-mail: the code is typed straight away, a wrong one says Invalid code, the right one connects', async () => {
    const { page } = session
    const email = `keyboard-${Date.now()}@example.com`
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await openWithKeyboard(page)
    await poll(() => focused(page)).toBe('h2 Connect Wallet')
    await tabTo(page, /^input Email$/)
    const before = await lastMailId(stack.servicesUrl)
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')

    // The code view puts focus in its first box, so typing goes there without a click.
    await poll(() => dialog().getByText('Enter the code we sent to').count()).toBe(1)
    await poll(() => focused(page)).toBe('input Digit 1')
    await expectAccessibleModal(page, 'EmailVerifyOtp')
    const code = codeIn(await mailFor(stack.servicesUrl, email, before))
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10))
    await page.keyboard.type(wrong)
    await poll(() => dialog().getByRole('alert').textContent()).toBe('Invalid code')
    await poll(() => focused(page)).toBe('input Digit 1')
    await expectAccessibleModal(page, 'EmailVerifyOtp (refused code)')

    // Backspace walks back through the boxes.
    await page.keyboard.type('12')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')
    expect(await focused(page)).toBe('input Digit 1')
    await page.keyboard.type(code)
    // The new wallet's passkey offer takes focus in the secure frame; Esc there is "Not now".
    await poll(() => focused(page), { timeout: 20_000 }).toBe('iframe')
    await page.keyboard.press('Escape')
    await poll(status, { timeout: 20_000 }).toBe('connected')
    await poll(() => dialog().count()).toBe(0)
  })

  it('a pasted code fills all six boxes and is sent', async () => {
    const { page, context } = session
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const email = `paste-${Date.now()}@example.com`
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await openWithKeyboard(page)
    await poll(() => focused(page)).toBe('h2 Connect Wallet')
    await tabTo(page, /^input Email$/)
    const before = await lastMailId(stack.servicesUrl)
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toBe('input Digit 1')
    const code = codeIn(await mailFor(stack.servicesUrl, email, before))
    await page.evaluate((text) => navigator.clipboard.writeText(text), code)
    await page.keyboard.press('Control+V')
    // A new wallet: the secure frame's passkey offer has focus; Esc there is "Not now".
    await poll(() => focused(page), { timeout: 20_000 }).toBe('iframe')
    await page.keyboard.press('Escape')
    await poll(status, { timeout: 20_000 }).toBe('connected')
  })

  it('account: tabs with arrow keys, Send filled and submitted, Receive, and back to the button', async () => {
    const { page } = session
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await connectWalletWithKeyboard(page)
    await poll(() => dialog().count()).toBe(0)
    // Connected, the modal closed and gave focus back to the button, which now shows the account.
    await poll(() => focused(page)).toMatch(/^button Account /)
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toBe('h2 Account')
    await expectAccessibleModal(page, 'Account (Tokens)')

    await tabTo(page, /^tab Tokens$/)
    await page.keyboard.press('ArrowRight')
    expect(await focused(page)).toBe('tab NFTs')
    expect(await dialog().getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe('true')
    await expectAccessibleModal(page, 'Account (NFTs)')
    await page.keyboard.press('ArrowRight')
    expect(await focused(page)).toBe('tab Activity')
    await expectAccessibleModal(page, 'Account (Activity)')
    await page.keyboard.press('Home')
    expect(await focused(page)).toBe('tab Tokens')

    await tabTo(page, /^button Send$/, { back: true })
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toBe('h2 Send')
    await expectAccessibleModal(page, 'WalletSend')
    // The token field is the modal's own listbox: arrows open and move it, Escape closes only it,
    // Enter picks, and focus comes back to the field each time.
    await tabTo(page, /^button Token: Select a token/)
    await poll(
      async () => {
        if (!(await focused(page)).startsWith('listbox')) await page.keyboard.press('ArrowDown')
        return (await focused(page)).startsWith('listbox')
      },
      { timeout: 10_000 },
    ).toBe(true)
    await expectAccessibleModal(page, 'WalletSend (token list)')
    await page.keyboard.press('Escape')
    expect(await focused(page)).toMatch(/^button Token: Select a token/)
    expect(await dialog().count()).toBe(1)
    await page.keyboard.press('ArrowDown')
    await poll(() => focused(page)).toMatch(/^listbox/)
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toMatch(/^button Token: [A-Z]+ /)
    expect(await focused(page)).not.toMatch(/Select a token/)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('input Amount')
    await page.keyboard.type('0.001')
    await tabTo(page, /^input To$/)
    await page.keyboard.type(receiver.address)
    await poll(() => dialog().getByTestId('send-message').textContent(), { timeout: 10_000 }).toMatch(
      /^Network fee: /,
    )
    await tabTo(page, /^button Send$/)
    await page.keyboard.press('Enter')
    await poll(() => toastText(page), { timeout: 20_000 }).toContain('Transaction sent')
    expect(await focused(page)).not.toBe('body')

    await tabTo(page, /^button Back$/)
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toBe('h2 Account')
    await tabTo(page, /^button Receive$/)
    await page.keyboard.press('Enter')
    await poll(() => focused(page)).toBe('h2 Receive')
    await expectAccessibleModal(page, 'WalletReceive')
    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
    expect(await focused(page)).toMatch(/^button Account /)
  })

  it('sign-in required: the sign view holds focus, Escape cannot close it, Enter on Sign signs in', async () => {
    const { page } = session
    await page.goto(`${stack.pageUrl}/?signIn=required`)
    await connectWalletWithKeyboard(page)
    await poll(() => dialog().getByRole('button', { name: 'Sign', exact: true }).count()).toBe(1)
    await poll(() => focused(page)).toBe('h2 Sign In')
    await expectAccessibleModal(page, 'SIWXSignMessage (required)')
    await page.keyboard.press('Escape')
    expect(await dialog().count()).toBe(1)
    await tabTo(page, /^button Sign$/)
    await page.keyboard.press('Enter')
    await poll(() => page.getByTestId('siwx-status').textContent()).toMatch(/^Signed in as /)
    await poll(() => dialog().count()).toBe(0)
    expect(await focused(page)).not.toBe('body')
  })

  it('sign-in optional: Escape closes the sign view and keeps the connection', async () => {
    const { page } = session
    await page.goto(`${stack.pageUrl}/?signIn=optional`)
    await connectWalletWithKeyboard(page)
    await poll(() => focused(page)).toBe('h2 Sign In')
    await expectAccessibleModal(page, 'SIWXSignMessage (optional)')
    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
    expect(await status()).toBe('connected')
    expect(await page.getByTestId('siwx-status').textContent()).toBe('Not signed in')
  })
})
