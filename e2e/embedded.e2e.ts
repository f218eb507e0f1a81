import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessibleFrame, expectAccessibleModal } from './axe.ts'
import { launchChromium } from './browser.ts'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'
import { screenLightness } from './screenshot-light.ts'
import {
  declinePasskeyOffer,
  secureFrameContext as frameContextOf,
  secureFrameOf,
  waitForMailCooldown,
  wipeFrameKeys,
} from './secure-frame.ts'

const stack = inject('stack')
const funder = DEV_ACCOUNTS[7] as { address: Hex; privateKey: Hex }
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const email = `visitor-${Date.now()}@example.com`
const MESSAGE = 'Hello from Portico'

let browser: Browser
let context: BrowserContext
let page: Page
/** When the last login e-mail for `email` was asked for: the services hold a 30 s cooldown per address. */
let lastLoginMailAt = 0
let address: Hex
let second: Page
let deviceMailAt = 0

beforeAll(async () => {
  browser = await launchChromium()
  context = await browser.newContext()
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialogOf = (p: Page) => p.getByRole('dialog')
const secureFrameContext = (p: Page) => frameContextOf(p, stack.servicesUrl)
const focusedTag = (p: Page) => p.evaluate(() => document.activeElement?.tagName)
/** Sign-in with wallet is not what these tests are about. */
const PAGE_URL = `${stack.pageUrl}/?signIn=off&account=eoa`
const statusOf = (p: Page) => p.getByTestId('status').textContent()

async function startEmailLogin(p: Page, address: string) {
  await p.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialogOf(p).getByRole('textbox', { name: 'Email' }).fill(address)
  await dialogOf(p).getByRole('button', { name: 'Continue', exact: true }).click()
}

/**
 * Opens the account view and waits until the frame's answer filled it in: its lines grow when the
 * user arrives, and a click aimed before that lands on whatever moved under it.
 */
async function openAccountView(p: Page) {
  await p.getByRole('button', { name: /^Account / }).click()
  await poll(() => dialogOf(p).getByTitle('Account type').count()).toBe(1)
}

async function connectedAddress(p: Page): Promise<Hex> {
  const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

/** The visitor types the e-mail, then the code the services mailed (a new wallet's passkey offer follows). */
async function logInWithMailedCode(p: Page, visitor = email) {
  const before = await lastMailId(stack.servicesUrl)
  await startEmailLogin(p, visitor)
  lastLoginMailAt = Date.now()
  await poll(() => dialogOf(p).getByText('Enter the code we sent to').count()).toBe(1)
  const code = codeIn(await mailFor(stack.servicesUrl, visitor, before))
  await dialogOf(p).getByRole('textbox', { name: 'Digit 1' }).click()
  await p.keyboard.type(code)
}

const frameElementOf = (p: Page) => p.locator('iframe[title="Portico secure frame"]')

// One visitor's story, in order: each step starts where the previous one left the page.
describe('e-mail login through the secure frame', () => {
  it('a new visitor logs in with the code from the e-mail and is connected', async () => {
    await page.goto(PAGE_URL)
    await logInWithMailedCode(page)
    // The wallet was made in this login, so the frame offers a passkey over the modal.
    await poll(() => secureFrameOf(page).getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
      'Protect your wallet with a passkey',
    )
    // The frame's heading is the one title shown; the modal's still names the dialog.
    expect(await dialogOf(page).getByRole('heading', { includeHidden: true }).first().textContent()).toBe(
      'Protect Your Wallet',
    )
    await expectAccessibleFrame(page, 'ProtectWallet (secure frame, passkey offer)')
    // The page's theme is dark (the default): the frame's card is drawn dark like the modal around it.
    expect(await screenLightness(page, frameElementOf(page))).toBeLessThan(0.1)
    await declinePasskeyOffer(page)
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    await poll(() => dialogOf(page).count()).toBe(0)
    address = await connectedAddress(page)
  })

  it('signs a message only after Approve inside the secure frame, with a signature that verifies', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const frame = secureFrameOf(page)
    await poll(() => frame.getByText(MESSAGE).count()).toBe(1)
    expect(await frame.getByRole('heading').textContent()).toBe('Approve Transaction')
    expect(await frame.getByText(new URL(stack.pageUrl).origin).count()).toBe(1)
    // The modal keeps its place behind, with nothing in it that could answer.
    expect(await dialogOf(page).getByRole('heading', { includeHidden: true }).textContent()).toBe(
      'Approve Transaction',
    )
    expect(await dialogOf(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    await expectAccessibleModal(page, 'ApproveTransaction (modal, behind the frame)')
    await expectAccessibleFrame(page, 'ApproveTransaction (secure frame, message)')
    // Focus moves into the frame, where the request is read and answered.
    await poll(() => focusedTag(page)).toBe('IFRAME')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const output = page.getByTestId('wallet-signature')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    const signature = (await output.textContent()) as Hex
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    await poll(() => dialogOf(page).count()).toBe(0)
    expect(await page.locator('iframe[title="Portico secure frame"]').isVisible()).toBe(false)
  })

  it('sends ETH from the embedded account after showing recipient, amount and fee', async () => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(funder.privateKey),
      transport: http(stack.rpcUrl),
    })
    const funding = await wallet.sendTransaction({ chain: null, to: address, value: parseEther('1') })
    await chain.waitForTransactionReceipt({ hash: funding })
    const recipientBefore = await chain.getBalance({ address: funder.address })

    await page.getByRole('textbox', { name: 'Recipient' }).fill(funder.address)
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const frame = secureFrameOf(page)
    await poll(() => frame.getByText('0.01 ETH').count()).toBe(1)
    expect(await frame.getByText(funder.address).count()).toBe(1)
    await poll(() => frame.getByText(/^\d+(\.\d+)? ETH$/).count()).toBe(2) // amount and fee
    await expectAccessibleFrame(page, 'ApproveTransaction (secure frame, transaction)')
    await frame.getByRole('button', { name: 'Approve' }).click()

    const output = page.getByTestId('wallet-transaction')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    const receipt = await chain.waitForTransactionReceipt({ hash: (await output.textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: funder.address })).toBe(recipientBefore + parseEther('0.01'))
    expect(await chain.getBalance({ address })).toBeLessThan(parseEther('0.99'))
  })

  it('chooses an account name: the statement is approved inside the secure frame, and the modal comes back to say it is done', async () => {
    const label = `mail${Date.now().toString(36)}`
    await openAccountView(page)
    await dialogOf(page).getByRole('button', { name: 'Choose a name' }).click()
    const field = dialogOf(page).getByLabel('Name', { exact: true })
    await field.fill(label)
    await poll(() => dialogOf(page).getByRole('status').textContent(), { timeout: 5_000 }).toBe(
      `${label}.portico.id is available`,
    )
    await dialogOf(page).getByRole('button', { name: 'Choose name' }).click()
    const frame = secureFrameOf(page)
    // What is signed is shown in full before the click: the name, in the statement.
    await poll(() => frame.getByText(`${label}.portico.id`, { exact: false }).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    await poll(
      () => dialogOf(page).getByRole('heading', { name: 'Account name chosen successfully' }).count(),
      {
        timeout: 20_000,
      },
    ).toBe(1)
    await dialogOf(page).getByRole('button', { name: 'Go to profile' }).click()
    await poll(() => dialogOf(page).getByText(`${label}.portico.id`, { exact: true }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await poll(() => page.getByRole('button', { name: `Account ${label}.portico.id` }).count()).toBe(1)
  })

  it('a rejected request fails in the dapp with 4001 and nothing is signed', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrameOf(page).getByRole('button', { name: 'Reject' }).click()
    await poll(() => page.getByTestId('wallet-error').textContent()).toMatch(/^4001 /)
    expect(await page.getByTestId('wallet-signature').count()).toBe(0)
  })

  it('a script on the page can request but never approve: only a click inside the frame signs', async () => {
    const nonceBefore = await chain.getTransactionCount({ address })
    const servicesOrigin = new URL(stack.servicesUrl).origin
    // What an injected script would do: talk to the frame directly, skipping the modal.
    await page.evaluate(
      ({ servicesOrigin, address, to }) => {
        const frame = [...document.querySelectorAll('iframe')].find((f) => f.title === 'Portico secure frame')
        const answers: unknown[] = []
        Object.assign(window, { injectedAnswers: answers })
        addEventListener('message', (event) => {
          if (event.source === frame?.contentWindow && String(event.data?.id).startsWith('xss-'))
            answers.push(event.data)
        })
        const hex = `0x${[...new TextEncoder().encode('Injected')].map((b) => b.toString(16).padStart(2, '0')).join('')}`
        const send = (id: string, method: string, params: unknown) =>
          frame?.contentWindow?.postMessage(
            { id, type: 'RPC_REQUEST', payload: { method, params } },
            servicesOrigin,
          )
        send('xss-sign', 'personal_sign', [hex, address])
        send('xss-send', 'eth_sendTransaction', [{ from: address, to, value: '0x2386f26fc10000' }])
      },
      { servicesOrigin, address, to: funder.address },
    )
    const frame = secureFrameOf(page)
    await poll(() => frame.getByText('Injected').count()).toBe(1)
    expect(await frame.getByText('1 more request(s) waiting').count()).toBe(1)
    // Then it presses everything it can reach: every button of the page and of the modal's shadow
    // root, and whatever the page finds at each point over the shown frame.
    await page.evaluate(() => {
      const press = (root: Document | ShadowRoot) => {
        for (const element of root.querySelectorAll<HTMLElement>('*')) {
          if (element.shadowRoot) press(element.shadowRoot)
          if (
            element.matches('button:not([data-testid]), [role="button"]') &&
            !/Disconnect|Sign a message|Send/.test(element.textContent ?? '')
          )
            element.click()
        }
      }
      press(document)
      const box = [...document.querySelectorAll('iframe')]
        .find((f) => f.title === 'Portico secure frame')
        ?.getBoundingClientRect()
      for (let x = 0; box && x <= box.width; x += 20)
        for (let y = 0; y <= box.height; y += 20) {
          const target = document.elementFromPoint(box.left + x, box.top + y)
          if (target instanceof HTMLElement) target.click()
          target?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
        }
    })
    // Still the first request on screen: nothing was answered, nothing signed or sent.
    expect(await frame.getByText('Injected').count()).toBe(1)
    expect(
      await page.evaluate(() => (window as unknown as { injectedAnswers: unknown[] }).injectedAnswers),
    ).toEqual([])

    // A person's click inside the frame signs it; the transaction behind it is rejected there too.
    await frame.getByRole('button', { name: 'Approve' }).click()
    await poll(() => frame.getByText('Send a transaction').count()).toBe(1)
    await frame.getByRole('button', { name: 'Reject' }).click()
    const answers = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              injectedAnswers: { id: string; type: string; payload: { result?: Hex; code?: number } }[]
            }
          ).injectedAnswers,
      )
    await poll(async () => (await answers()).length).toBe(2)
    const [signed, sent] = await answers()
    expect(signed).toMatchObject({ id: 'xss-sign', type: 'RPC_REQUEST_SUCCESS' })
    expect(
      await verifyMessage({ address, message: 'Injected', signature: signed?.payload.result as Hex }),
    ).toBe(true)
    expect(sent).toMatchObject({ id: 'xss-send', type: 'RPC_REQUEST_ERROR', payload: { code: 4001 } })
    expect(await chain.getTransactionCount({ address })).toBe(nonceBefore)
    await poll(() => page.locator('iframe[title="Portico secure frame"]').isVisible()).toBe(false)
    // The script's clicks opened the account modal; the visitor closes it.
    await page.keyboard.press('Escape')
    await poll(() => dialogOf(page).count()).toBe(0)
  })

  it('the approval cannot be closed away: Escape keeps it open until answered', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const frame = secureFrameOf(page)
    await poll(() => frame.getByText(MESSAGE).count()).toBe(1)
    // Keys go where focus is: once the frame has taken it, as a keyboard user waits to see.
    await poll(() => focusedTag(page)).toBe('IFRAME')
    await page.keyboard.press('Escape')
    await page.waitForTimeout(600)
    expect(await frame.getByText(MESSAGE).count()).toBe(1)
    expect(await dialogOf(page).count()).toBe(1)
    // Keyboard only: once the card has stopped growing, its buttons are enabled (they stay disabled
    // while the frame moves), Tab from the heading reaches Reject, and Enter answers.
    await poll(() => frame.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await poll(() => dialogOf(page).count()).toBe(0)
    await poll(() => page.getByTestId('wallet-error').textContent()).toMatch(/^4001 /)
  })

  it('stays connected through the frame after a reload', async () => {
    await page.reload()
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    // Still connected after wagmi's reconnect has asked the frame, not just from the cookie.
    await page.waitForTimeout(3000)
    expect(await statusOf(page)).toBe('connected')
    expect(await connectedAddress(page)).toBe(address)
  })

  it("keeps the key's device share only in the frame's own storage, wrapped by a key no script can read", async () => {
    // The page's own origin has no share, and the frame's storage is out of its reach.
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain(
      'portico-keys',
    )
    const fromPage = await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Portico secure frame"]')
      try {
        return String(frame?.contentWindow?.indexedDB)
      } catch (error) {
        return (error as Error).name
      }
    })
    expect(fromPage).toBe('SecurityError')
    // Inside the frame (as the browser's own tools see it): one sealed record, its key not exportable.
    const inFrame = await secureFrameContext(page).evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('portico-keys')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const records = await new Promise<{ key: CryptoKey; sealed: ArrayBuffer }[]>((resolve) => {
        const request = db.transaction('device-shares').objectStore('device-shares').getAll()
        request.onsuccess = () => resolve(request.result)
      })
      db.close()
      const record = records[0]
      const exported = record
        ? await crypto.subtle.exportKey('raw', record.key).then(
            () => 'exported',
            (error: Error) => error.name,
          )
        : 'none'
      return { count: records.length, extractable: record?.key.extractable, exported }
    })
    expect(inFrame).toEqual({ count: 1, extractable: false, exported: 'InvalidAccessError' })
  })

  it('restores a wiped device share at the next login: same address, and it signs', async () => {
    // Browsers evict a frame's storage (Safari after days without a visit): an everyday case.
    await wipeFrameKeys(page, stack.servicesUrl)
    await page.reload()
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('disconnected')
    // The session that set the key up may not take the recovery share: the next login is by e-mail code.
    // This browser asked for a login e-mail moments ago: the 30 s resend cooldown holds first.
    await waitForMailCooldown(lastLoginMailAt)
    await logInWithMailedCode(page)
    await poll(() => statusOf(page), { timeout: 20_000 }).toBe('connected')
    expect(await connectedAddress(page)).toBe(address)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrameOf(page).getByRole('button', { name: 'Approve' }).click()
    const output = page.getByTestId('wallet-signature')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    expect(
      await verifyMessage({ address, message: MESSAGE, signature: (await output.textContent()) as Hex }),
    ).toBe(true)
  })

  it('signs out from the account view', async () => {
    await openAccountView(page)
    await dialogOf(page).getByRole('button', { name: 'Disconnect' }).click()
    await poll(() => statusOf(page)).toBe('disconnected')
    await page.reload()
    await page.waitForTimeout(2000)
    expect(await statusOf(page)).toBe('disconnected')
  })

  it('a second browser opens the wallet with the code mailed for it, typed on that device', async () => {
    // The resend cooldown is per address and held by the services; wait it out.
    await waitForMailCooldown(lastLoginMailAt)
    const other = await browser.newContext()
    try {
      second = await other.newPage()
      // The services' user, as the frame asks for it: the login's answer carries them to the page, so
      // the connect that follows does not ask again.
      const userRequests: string[] = []
      second.on('request', (request) => {
        if (new URL(request.url()).pathname === '/v1/auth/user') userRequests.push(request.url())
      })
      await second.goto(PAGE_URL)
      const before = await lastMailId(stack.servicesUrl)
      await startEmailLogin(second, email)
      // The same step as for a new address: only the mail says a new device is logging in.
      await poll(() => dialogOf(second).getByText('Enter the code we sent to').count()).toBe(1)
      const mail = await mailFor(stack.servicesUrl, email, before)
      expect(mail.subject).toMatch(/^Your login code for a new device/)
      await dialogOf(second).getByRole('textbox', { name: 'Digit 1' }).click()
      await second.keyboard.type(codeIn(mail))
      await poll(() => statusOf(second), { timeout: 30_000 }).toBe('connected')
      expect(await connectedAddress(second)).toBe(address)
      expect(userRequests).toHaveLength(1)
      deviceMailAt = Date.now()
    } catch (error) {
      await other.close()
      throw error
    }
  }, 90_000)

  it('shows the e-mail and account type, and moves the account to a new e-mail with two codes', async () => {
    await second.getByRole('button', { name: /^Account / }).click()
    await poll(() => dialogOf(second).getByTestId('embedded-email').textContent()).toBe(email)
    expect(await dialogOf(second).getByTitle('Account type').textContent()).toBe('EOA')
    // The visitor said "Not now" to the passkey: the account view says plainly who can recover the wallet.
    expect(
      await dialogOf(second)
        .getByText(/^This app can recover your wallet for you, so it could also do so without you\./)
        .count(),
    ).toBe(1)
    await expectAccessibleModal(second, 'Account (embedded wallet)')

    await waitForMailCooldown(deviceMailAt)
    const newEmail = `moved-${email}`
    let before = await lastMailId(stack.servicesUrl)
    await dialogOf(second).getByRole('button', { name: 'Update email' }).click()
    await expectAccessibleModal(second, 'UpdateEmailWallet')
    await dialogOf(second).getByRole('textbox', { name: 'New email' }).fill(newEmail)
    await dialogOf(second).getByRole('button', { name: 'Save' }).click()
    const primaryMail = await mailFor(stack.servicesUrl, email, before)
    // The current address is told a change is under way, and to which address.
    expect(primaryMail.text).toContain(newEmail)
    expect(primaryMail.text).not.toContain('login code')
    const primary = codeIn(primaryMail)
    before = await lastMailId(stack.servicesUrl)
    await poll(() => dialogOf(second).getByText('Step 1 of 2: your current address').count()).toBe(1)
    expect(await dialogOf(second).getByText('The code expires in 10 minutes').count()).toBe(1)
    expect(
      await dialogOf(second)
        .getByRole('button', { name: /^Resend code in \d+ seconds?$/ })
        .isDisabled(),
    ).toBe(true)
    await expectAccessibleModal(second, 'UpdateEmailPrimaryOtp')
    await dialogOf(second).getByRole('textbox', { name: 'Digit 1' }).click()
    await second.keyboard.type(primary)
    await poll(() => dialogOf(second).getByText(newEmail).count()).toBe(1)
    const secondary = codeIn(await mailFor(stack.servicesUrl, newEmail, before))
    expect(await dialogOf(second).getByText('Step 2 of 2: your new address').count()).toBe(1)
    await expectAccessibleModal(second, 'UpdateEmailSecondaryOtp')
    await dialogOf(second).getByRole('textbox', { name: 'Digit 1' }).click()
    await second.keyboard.type(secondary)
    await poll(() => dialogOf(second).getByTestId('embedded-email').textContent()).toBe(newEmail)
    await second.context().close()
  }, 60_000)

  it('in the light theme, the frame’s card is light like the modal it sits in, and still passes axe', async () => {
    const other = await browser.newContext()
    try {
      const light = await other.newPage()
      await light.goto(`${PAGE_URL}&theme=light`)
      await logInWithMailedCode(light, `light-${email}`)
      await poll(() => secureFrameOf(light).getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
        'Protect your wallet with a passkey',
      )
      expect(await screenLightness(light, frameElementOf(light))).toBeGreaterThan(0.8)
      expect(await screenLightness(light, dialogOf(light))).toBeGreaterThan(0.8)
      await expectAccessibleFrame(light, 'ProtectWallet (secure frame, light theme)')
      await declinePasskeyOffer(light)
      await poll(() => statusOf(light), { timeout: 20_000 }).toBe('connected')
    } finally {
      await other.close()
    }
  }, 60_000)
})
