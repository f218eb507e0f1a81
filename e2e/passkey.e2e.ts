import type { Browser, CDPSession, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessibleFrame, expectAccessibleModal } from './axe.ts'
import { launchChromium } from './browser.ts'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'
import { newPasskeyDevice } from './passkey-device.ts'
import { secureFrameOf, waitForMailCooldown, wipeFrameKeys } from './secure-frame.ts'

const stack = inject('stack')
const email = `passkey-${Date.now()}@example.com`
const PAGE_URL = `${stack.pageUrl}/?signIn=off&account=eoa`
const MESSAGE = 'Hello from Portico'

let browser: Browser
let page: Page
let cdp: CDPSession
let authenticatorId: string
let address: Hex
/**
 * When each address, and each browser, last asked for a login e-mail: the services hold a 30 s
 * cooldown per address, and the modal one per browser.
 */
const lastMailAt = new Map<string | Page, number>()

beforeAll(async () => {
  browser = await launchChromium()
  ;({ page, cdp, authenticatorId } = await newPasskeyDevice(browser))
})
afterAll(async () => {
  await browser?.close()
})

const dialog = (p = page) => p.getByRole('dialog')
const frame = (p = page) => secureFrameOf(p)
const status = (p = page) => p.getByTestId('status').textContent()
const passkeys = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials

async function connectedAddress(): Promise<Hex> {
  const text = (await page.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

/** The visitor asks for a code, and types the one that arrives; what follows depends on the device. */
async function enterMailedCode(p = page, address = email) {
  await waitForMailCooldown(Math.max(lastMailAt.get(address) ?? 0, lastMailAt.get(p) ?? 0))
  const before = await lastMailId(stack.servicesUrl)
  await p.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(p).getByRole('textbox', { name: 'Email' }).fill(address)
  await dialog(p).getByRole('button', { name: 'Continue', exact: true }).click()
  lastMailAt.set(address, Date.now())
  lastMailAt.set(p, Date.now())
  const code = codeIn(await mailFor(stack.servicesUrl, address, before))
  await dialog(p).getByRole('textbox', { name: 'Digit 1' }).click()
  await p.keyboard.type(code)
}

/** A new visitor logs in and accepts the frame's passkey offer. */
async function signUpWithPasskey(p: Page, address: string) {
  await enterMailedCode(p, address)
  await frame(p).getByRole('button', { name: 'Create a passkey' }).click()
  await poll(() => dialog(p).count(), { timeout: 20_000 }).toBe(0)
}

async function signOut(p: Page) {
  await p.getByRole('button', { name: /^Account / }).click()
  await dialog(p).getByRole('button', { name: 'Disconnect' }).click()
  await poll(() => status(p)).toBe('disconnected')
}

async function signsAsTheWallet() {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await frame().getByRole('button', { name: 'Approve' }).click()
  const output = page.getByTestId('wallet-signature')
  await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
  const signature = (await output.textContent()) as Hex
  expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
  await poll(() => dialog().count()).toBe(0)
}

/** The modal's and the page's own text, shadow root included: everything a page script can read. */
const pageText = () =>
  page.evaluate(() => {
    const host = document.querySelector('[data-portico-modal]')
    return `${document.documentElement.outerHTML}\n${host?.shadowRoot?.innerHTML ?? ''}`
  })

// One visitor's story, in order: each step starts where the previous one left the page.
describe('a wallet only its owner can recover: passkey recovery and key export', () => {
  it('after the first login the frame offers a passkey, and making one moves recovery to it', async () => {
    await page.goto(PAGE_URL)
    await enterMailedCode()
    await poll(() => frame().getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
      'Protect your wallet with a passkey',
    )
    expect(await dialog().getByRole('heading', { includeHidden: true }).first().textContent()).toBe(
      'Protect Your Wallet',
    )
    await expectAccessibleModal(page, 'ProtectWallet (modal, behind the frame)')
    await frame().getByRole('button', { name: 'Create a passkey' }).click()
    await poll(() => page.getByText('Your wallet is now protected by your passkey').count()).toBe(1)
    await poll(() => dialog().count()).toBe(0)
    expect(await status()).toBe('connected')
    address = await connectedAddress()
    // One passkey on the device, for the frame's own site: the services' name, never the dapp's.
    const made = await passkeys()
    expect(made.map((credential) => [credential.rpId, credential.isResidentCredential])).toEqual([
      [new URL(stack.servicesUrl).hostname, true],
    ])
    await signsAsTheWallet()
  })

  it('the account view says that only the passkey can recover the wallet', async () => {
    await page.getByRole('button', { name: /^Account / }).click()
    await poll(() =>
      dialog().getByText('Only your passkey can recover this wallet on a new device.').count(),
    ).toBe(1)
    expect(await dialog().getByRole('button', { name: 'Protect with a passkey' }).count()).toBe(0)
    await expectAccessibleModal(page, 'Account (embedded wallet, passkey recovery)')
  })

  it('export shows the key inside the frame only, after the passkey and a fresh e-mail code, with a warning', async () => {
    await waitForMailCooldown(lastMailAt.get(email) ?? 0)
    const before = await lastMailId(stack.servicesUrl)
    await dialog().getByRole('button', { name: 'Export private key' }).click()
    // A passkey user's own passkey comes first: an unlocked browser alone does not show the key.
    await poll(() => frame().getByRole('heading').textContent()).toBe('Confirm it is you')
    expect(await lastMailId(stack.servicesUrl)).toBe(before)
    await frame().getByRole('button', { name: 'Use passkey' }).click()
    lastMailAt.set(email, Date.now())
    lastMailAt.set(page, Date.now())
    await poll(() => frame().getByRole('heading').textContent()).toBe('Export private key')
    const mail = await mailFor(stack.servicesUrl, email, before)
    expect(mail.subject).toMatch(/^Your code to export your private key/)
    await expectAccessibleFrame(page, 'ExportPrivateKey (secure frame, code)')
    await frame().getByRole('textbox', { name: 'Code' }).fill('000000')
    await frame().getByRole('button', { name: 'Show key' }).click()
    await poll(() => frame().getByRole('alert').textContent()).toBe('Invalid code')
    await frame().getByRole('textbox', { name: 'Code' }).fill(codeIn(mail))
    await frame().getByRole('button', { name: 'Show key' }).click()
    await poll(() => frame().getByRole('heading').textContent()).toBe('Your private key')
    expect(
      await frame()
        .getByText(/^Anyone with this key controls your wallet/)
        .count(),
    ).toBe(1)
    const key = (await frame().getByRole('status', { name: 'Private key' }).textContent()) as Hex
    expect(privateKeyToAccount(key).address).toBe(address)
    await expectAccessibleFrame(page, 'ExportPrivateKey (secure frame, key shown)')
    // The page, and any script on it, has the key nowhere: not in its DOM, and the frame is closed to it.
    expect(await pageText()).not.toContain(key.slice(2))
    const reach = await page.evaluate(() => {
      const element = document.querySelector<HTMLIFrameElement>('iframe[title="Portico secure frame"]')
      try {
        return String(element?.contentWindow?.document.body.textContent)
      } catch (error) {
        return (error as Error).name
      }
    })
    expect(reach).toBe('SecurityError')
    await frame().getByRole('button', { name: 'Done' }).click()
    await poll(() => dialog().getByRole('heading').first().textContent()).toBe('Account')
    expect(await frame().getByText(key).count()).toBe(0)
    await page.keyboard.press('Escape')
    await poll(() => dialog().count()).toBe(0)
  })

  it('on a wiped device the e-mail code is not enough: the passkey unlocks it, and backing out says what that means', async () => {
    await wipeFrameKeys(page, stack.servicesUrl)
    await page.reload()
    await poll(() => status(), { timeout: 20_000 }).toBe('disconnected')
    await enterMailedCode()
    await poll(() => frame().getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
      'Unlock your wallet',
    )
    expect(await dialog().getByRole('heading', { includeHidden: true }).first().textContent()).toBe(
      'Unlock Wallet',
    )
    expect(await status()).toBe('disconnected')
    await expectAccessibleFrame(page, 'UnlockWallet (secure frame)')

    // The visitor backs out first: the modal says in words what that means, and offers the passkey again.
    await frame().getByRole('button', { name: 'Cancel' }).click()
    await poll(() =>
      dialog().getByText('Your wallet stays locked on this device until you unlock it.').count(),
    ).toBe(1)
    expect(await status()).toBe('disconnected')
    await expectAccessibleModal(page, 'UnlockWallet (cancelled)')
    await dialog().getByRole('button', { name: 'Unlock wallet' }).click()
    await poll(() => frame().getByRole('heading').textContent()).toBe('Unlock your wallet')
    await frame().getByRole('button', { name: 'Use passkey' }).click()
    await poll(() => status(), { timeout: 20_000 }).toBe('connected')
    expect(await connectedAddress()).toBe(address)
    await signsAsTheWallet()
  }, 120_000)
})

describe("another account's passkey", () => {
  it('is refused in words on a device that holds only that passkey, and the wallet stays locked', async () => {
    const device = await newPasskeyDevice(browser)
    const bob = `bob-${Date.now()}@example.com`
    const carol = `carol-${Date.now()}@example.com`
    try {
      const { page: p } = device
      await p.goto(PAGE_URL)
      await signUpWithPasskey(p, bob)
      // Bob's passkey lives elsewhere from now on (his phone); this device keeps only Carol's.
      const credentials = await device.cdp.send('WebAuthn.getCredentials', {
        authenticatorId: device.authenticatorId,
      })
      for (const { credentialId } of credentials.credentials)
        await device.cdp.send('WebAuthn.removeCredential', {
          authenticatorId: device.authenticatorId,
          credentialId,
        })
      await signOut(p)
      await signUpWithPasskey(p, carol)
      await signOut(p)
      await wipeFrameKeys(p, stack.servicesUrl)
      await p.reload()

      await enterMailedCode(p, bob)
      await poll(() => frame(p).getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
        'Unlock your wallet',
      )
      await frame(p).getByRole('button', { name: 'Use passkey' }).click()
      await poll(() => frame(p).getByRole('alert').textContent()).toBe(
        `This passkey belongs to another account. Choose the passkey you made for ${bob}.`,
      )
      expect(await status(p)).toBe('disconnected')
      await expectAccessibleFrame(p, 'UnlockWallet (secure frame, another account)')
    } finally {
      await device.context.close()
    }
  }, 180_000)
})

describe('the default smart account', () => {
  it('takes a passkey first, then the required sign-in, and signs as the account, then the required sign-in, and signs as the account', async () => {
    const device = await newPasskeyDevice(browser)
    try {
      const p = device.page
      const visitor = `smart-${email}`
      await p.goto(`${stack.pageUrl}/?signIn=required`)
      await enterMailedCode(p, visitor)
      await poll(() => frame(p).getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
        'Protect your wallet with a passkey',
      )
      // One ask at a time: the sign-in waits behind the passkey offer instead of sharing the card with it.
      expect(await dialog(p).getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0)
      await frame(p).getByRole('button', { name: 'Create a passkey' }).click()
      await poll(() => dialog(p).getByRole('button', { name: 'Sign', exact: true }).count(), {
        timeout: 20_000,
      }).toBe(1)
      const made = await device.cdp.send('WebAuthn.getCredentials', {
        authenticatorId: device.authenticatorId,
      })
      expect(made.credentials).toHaveLength(1)
      await dialog(p).getByRole('button', { name: 'Sign', exact: true }).click()
      await frame(p).getByRole('button', { name: 'Approve' }).click()
      await poll(() => p.getByTestId('siwx-status').textContent(), { timeout: 20_000 }).toMatch(
        /^Signed in as /,
      )
      await poll(() => dialog(p).count()).toBe(0)
      const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
      const account = text.split(':')[2] as Hex
      // The address is the smart account's: contract code (or the factory's promise of it) answers for it.
      await p.getByRole('button', { name: 'Sign a message' }).click()
      await frame(p).getByRole('button', { name: 'Approve' }).click()
      const output = p.getByTestId('wallet-signature')
      await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
      const signature = (await output.textContent()) as Hex
      const chain = createPublicClient({ transport: http(stack.rpcUrl) })
      expect(await chain.verifyMessage({ address: account, message: MESSAGE, signature })).toBe(true)
      expect(await verifyMessage({ address: account, message: MESSAGE, signature }).catch(() => false)).toBe(
        false,
      )
    } finally {
      await device.context.close()
    }
  }, 120_000)

  it('a visitor who said "Not now" moves to a new key only the passkey recovers, at the same address', async () => {
    const device = await newPasskeyDevice(browser)
    try {
      const p = device.page
      await p.goto(`${stack.pageUrl}/?signIn=off`)
      await enterMailedCode(p, `rotate-${email}`)
      await poll(() => frame(p).getByRole('button', { name: 'Not now' }).count(), { timeout: 20_000 }).toBe(1)
      await frame(p).getByRole('button', { name: 'Not now' }).click()
      await poll(() => status(p), { timeout: 20_000 }).toBe('connected')
      const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
      const account = text.split(':')[2] as Hex

      // A passkey made later guards new recoveries, but the shares issued before still open the key.
      await p.getByRole('button', { name: /^Account / }).click()
      await dialog(p).getByRole('button', { name: 'Protect with a passkey' }).click()
      await frame(p).getByRole('button', { name: 'Create a passkey' }).click()
      await poll(() => dialog(p).getByTestId('rotation-advice').count(), { timeout: 20_000 }).toBe(1)
      await expectAccessibleModal(p, 'Account (rotation advised)')

      await dialog(p).getByRole('button', { name: 'Make recovery yours alone' }).click()
      await poll(() => frame(p).getByRole('heading').textContent(), { timeout: 20_000 }).toBe(
        'Make recovery yours alone',
      )
      expect(await frame(p).getByText(account, { exact: true }).count()).toBe(1)
      await expectAccessibleFrame(p, 'RotateKey (secure frame)')
      await frame(p).getByRole('button', { name: 'Approve' }).click()
      await poll(() => p.getByText('Your wallet has a new key: only your passkey can recover it').count(), {
        timeout: 60_000,
      }).toBe(1)

      // Back in the account view, which says recovery is the passkey's alone now.
      await poll(() =>
        dialog(p).getByText('Only your passkey can recover this wallet on a new device.').count(),
      ).toBe(1)
      expect(await dialog(p).getByTestId('rotation-advice').count()).toBe(0)
      expect(await dialog(p).getByRole('button', { name: 'Make recovery yours alone' }).count()).toBe(0)
      await p.keyboard.press('Escape')
      await poll(() => dialog(p).count()).toBe(0)
      // Same address, and the new key signs for it.
      expect(await p.getByText(`eip155:31337:${account}`).count()).toBe(1)
      await p.getByRole('button', { name: 'Sign a message' }).click()
      await frame(p).getByRole('button', { name: 'Approve' }).click()
      const output = p.getByTestId('wallet-signature')
      await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
      const chain = createPublicClient({ transport: http(stack.rpcUrl) })
      const signature = (await output.textContent()) as Hex
      expect(await chain.verifyMessage({ address: account, message: MESSAGE, signature })).toBe(true)
    } finally {
      await device.context.close()
    }
  }, 180_000)
})
