import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleFrame, expectAccessibleModal } from './axe.ts'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'
import { secureFrameOf } from './secure-frame.ts'
import {
  accountLoginAndDisconnect,
  connectedAddress,
  dialogOf,
  settleAfterLogin,
  statusOf,
  visitorOnDemoPage,
} from './social-login.ts'

const stack = inject('stack')
/** Sign-in with wallet is not what these tests are about. */
const PAGE_URL = `${stack.pageUrl}/?signIn=off`
const PROVIDERS = ['Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook'] as const

const visitor = visitorOnDemoPage()

/** Opens Connect, clicks the provider's button (unfolding "more" when it is folded away) and takes its popup. */
async function clickProvider(
  label: string,
  on: { context: BrowserContext; page: Page } = visitor,
): Promise<Page> {
  await on.page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = dialogOf(on.page)
  const button = dialog.getByRole('button', { name: `Continue with ${label}` })
  await dialog.getByRole('button', { name: 'Continue with Google' }).waitFor()
  if ((await button.count()) === 0) await dialog.getByRole('button', { name: 'More social logins' }).click()
  const popup = on.context.waitForEvent('page')
  await button.click()
  return popup
}

/**
 * Back on the services, the popup asks the person to confirm the login it finishes; the popup's
 * browser is the one that followed the login's link (its cookie), so the answer was taken.
 */
async function confirmInPopup(popup: Page): Promise<void> {
  await popup.getByRole('heading', { name: 'Confirm your login' }).waitFor()
  await popup.getByRole('button', { name: 'Continue' }).click()
}

/** The development provider's picker: the dev user's button (name and address). */
const pick = (popup: Page, who: string) => popup.getByRole('button', { name: new RegExp(`^${who} `) })

/**
 * Waits for the provider's picker in `popup`. The page closes the popup when the login fails before
 * the provider is reached; the failure then says what the modal told the visitor.
 */
async function providerPage(popup: Page, page: Page = visitor.page): Promise<void> {
  let closedByPage = false
  const onClose = () => {
    closedByPage = true
  }
  popup.once('close', onClose)
  try {
    await pick(popup, 'Alice').waitFor()
  } catch (error) {
    if (!closedByPage) throw error
    const said = await dialogOf(page).getByRole('alert').allTextContents()
    throw new Error(`The page closed the login popup; the modal says: ${said.join(' ') || '(nothing)'}`)
  } finally {
    popup.off('close', onClose)
  }
}

async function logIn(label: string, who = 'Alice'): Promise<{ address: string; shown: string }> {
  const popup = await clickProvider(label)
  await pick(popup, who).click()
  await confirmInPopup(popup)
  await settleAfterLogin(visitor.page)
  const address = await connectedAddress(visitor.page)
  return { address, shown: await accountLoginAndDisconnect(visitor.page) }
}

describe('social login in the modal', () => {
  it('Connect lists the e-mail field, Continue with Google, the other providers and "more", then "or" and the wallets', async () => {
    await visitor.page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = dialogOf(visitor.page)
    await dialog.getByRole('button', { name: 'Continue with Google' }).waitFor()
    expect(await dialog.getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    const row = dialog.getByRole('list', { name: 'Other social logins' })
    for (const label of ['X', 'Discord', 'Farcaster', 'GitHub'])
      expect(await row.getByRole('button', { name: `Continue with ${label}` }).count()).toBe(1)
    expect(await row.getByRole('button', { name: 'Continue with Apple' }).count()).toBe(0)
    await expectAccessibleModal(visitor.page, 'Connect with social login')
    await row.getByRole('button', { name: 'More social logins' }).click()
    for (const label of ['Apple', 'Facebook'])
      expect(await row.getByRole('button', { name: `Continue with ${label}` }).count()).toBe(1)
    await visitor.page.keyboard.press('Escape')
    await poll(() => dialogOf(visitor.page).count()).toBe(0)
  })

  it('features.socials: false leaves only the e-mail field and the wallets', async () => {
    const other = await visitor.context.newPage()
    await other.goto(`${PAGE_URL}&hide=socials`)
    await other.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialogOf(other).getByRole('textbox', { name: 'Email' }).waitFor()
    expect(
      await dialogOf(other)
        .getByRole('button', { name: /^Continue with / })
        .count(),
    ).toBe(0)
    await other.close()
  })

  it('a popup the visitor closes goes back to Connect, with no error', async () => {
    const popup = await clickProvider('Discord')
    // The visitor sees the provider's page, then changes their mind.
    await pick(popup, 'Alice').waitFor()
    await dialogOf(visitor.page).getByText('Continue with Discord').first().waitFor()
    await expectAccessibleModal(visitor.page, 'ConnectingSocial')
    await popup.close()
    await poll(() => dialogOf(visitor.page).getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    expect(await visitor.page.getByText('Authenticating...').count()).toBe(0)
    expect(await dialogOf(visitor.page).getByRole('alert').count()).toBe(0)
    await visitor.page.keyboard.press('Escape')
    await poll(() => dialogOf(visitor.page).count()).toBe(0)
  })

  it('a popup the provider cut from the page (Google’s pages do) is waited for, and Back leaves it', async () => {
    const popup = await clickProvider('Google')
    await providerPage(popup)
    const hint = dialogOf(visitor.page).getByText(
      /This page can no longer see it: if you closed it, go back\./,
    )
    await poll(() => hint.count()).toBe(1)
    await expectAccessibleModal(visitor.page, 'ConnectingSocial (popup out of sight)')
    await dialogOf(visitor.page).getByRole('button', { name: 'Back' }).click()
    await poll(() => dialogOf(visitor.page).getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    expect(await visitor.page.getByText('Authenticating...').count()).toBe(0)
    await popup.close()
    await visitor.page.keyboard.press('Escape')
    await poll(() => dialogOf(visitor.page).count()).toBe(0)
  })

  it('Cancel at the provider says the login was cancelled, with Try again', async () => {
    const popup = await clickProvider('GitHub')
    await popup.getByRole('button', { name: 'Cancel' }).click()
    const alert = dialogOf(visitor.page).getByRole('alert')
    await poll(() => alert.textContent(), { timeout: 30_000 }).toBe('The login was cancelled at GitHub.')
    expect(await dialogOf(visitor.page).getByRole('button', { name: 'Try again' }).count()).toBe(1)
    await expectAccessibleModal(visitor.page, 'ConnectingSocial refused')
    await visitor.page.keyboard.press('Escape')
    await poll(() => dialogOf(visitor.page).count()).toBe(0)
  })

  const addresses = new Map<string, string>()
  it.each(PROVIDERS)('%s: the dev provider logs Alice in, connected with an address', async (label) => {
    const { address, shown } = await logIn(label)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(shown.startsWith(`${label} · `)).toBe(true)
    addresses.set(label, address)
  })

  it('the link’s cookie is the services’ own: __Host-, Secure, HttpOnly, SameSite=Lax, and gone once answered', async () => {
    // A browser of its own: the visitor's frame has used its polls of the minute on the logins above.
    const context = await visitor.browser.newContext()
    const page = await context.newPage()
    await page.goto(PAGE_URL)
    const popup = await clickProvider('GitHub', { context, page })
    await providerPage(popup, page)
    const cookies = await context.cookies(stack.servicesUrl)
    expect(cookies.filter((cookie) => cookie.name === '__Host-portico_social')).toEqual([
      expect.objectContaining({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' }),
    ])
    const before = await lastMailId(stack.servicesUrl)
    await pick(popup, 'Alice').click()
    await confirmInPopup(popup)
    const left = await context.cookies(stack.servicesUrl)
    expect(left.filter((cookie) => cookie.name === '__Host-portico_social')).toEqual([])
    // Alice's wallet lives in the first browser. A login with GitHub alone does not open it here: the
    // frame mails her a code and takes it in its own field, on this device.
    const frame = secureFrameOf(page)
    await poll(() => frame.getByRole('heading', { name: 'Open your wallet on this device' }).count(), {
      timeout: 20_000,
    }).toBe(1)
    expect(await statusOf(page)).toBe('disconnected')
    await expectAccessibleFrame(page, 'UnlockWallet (secure frame, mailed code)')
    const mail = await mailFor(stack.servicesUrl, 'alice@example.com', before)
    expect(mail.subject).toMatch(/^Your code to open your wallet on a new device/)
    await frame.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail))
    await frame.getByRole('button', { name: 'Open wallet' }).click()
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    expect(await connectedAddress(page)).toBe(addresses.get('GitHub'))
    await context.close()
  })

  it('Telegram, when features.socials names it: approved in its stand-in, connected with a wallet, its name shown', async () => {
    const context = await visitor.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${PAGE_URL}&socials=telegram,google`)
    const popup = await clickProvider('Telegram', { context, page })
    await pick(popup, 'Dan').click()
    await confirmInPopup(popup)
    await settleAfterLogin(page)
    expect(await connectedAddress(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await accountLoginAndDisconnect(page)).toBe('Telegram · Dan Private')
    await context.close()
  })

  it('the same person again gets the same address', async () => {
    expect((await logIn('Google')).address).toBe(addresses.get('Google'))
    // Google says Alice's address is verified, so her Google login is her e-mail user, as GitHub's is.
    expect(addresses.get('GitHub')).toBe(addresses.get('Google'))
    expect(await statusOf(visitor.page)).toBe('disconnected')
  })
})
