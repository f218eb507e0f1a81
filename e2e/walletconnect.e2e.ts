import { DEV_ACCOUNTS } from '@portico/contracts'
import { formatTokenAmount, shortenAddress } from '@portico/core'
import { WalletConnectText } from '@portico/core/internal'
import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal, expectAccessiblePage } from './axe.ts'
import { browserPerFile } from './browser-per-file.ts'

const stack = inject('stack')
const WALLET_URL = `${stack.servicesUrl}/dev/wallet`
// The account `scripts/stack.ts` gives the dev wallet.
const walletAccount = DEV_ACCOUNTS[8] as { address: Hex }
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const URI = /^wc:[0-9a-f]{64}@2\?/
const poll: typeof expect.poll = (callback, options) => expect.poll(callback, { timeout: 20_000, ...options })

const chromium = browserPerFile()

async function newPage(options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await chromium.newContext(
    options.clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {},
  )
  return context.newPage()
}

const dialog = (page: Page) => page.getByRole('dialog')
const status = (page: Page) => page.getByTestId('status').textContent()

/** The dapp page with the WalletConnect QR view open. */
async function openQrView(options: { relayDown?: boolean } = {}): Promise<Page> {
  const page = await newPage({ clipboard: true })
  // The relay down: every socket to it is closed as soon as it opens.
  if (options.relayDown) await page.routeWebSocket(/\/v1\/wc-relay/, (socket) => socket.close())
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  return page
}

/** The URI as a person gets it: the QR view's Copy link button, then the clipboard. */
async function copiedUri(page: Page): Promise<string> {
  // Named Copied for two seconds after a copy.
  await dialog(page)
    .getByRole('button', { name: /^(Copy link|Copied)$/ })
    .click()
  return page.evaluate(() => navigator.clipboard.readText())
}

async function openWallet(): Promise<Page> {
  const page = await newPage()
  await page.goto(WALLET_URL)
  await poll(() => page.getByRole('status').textContent()).toBe('Ready')
  return page
}

async function pairWallet(wallet: Page, uri: string) {
  await wallet.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
  await wallet.getByRole('button', { name: 'Pair' }).click()
  await wallet.getByRole('article', { name: 'Connection request from Portico' }).waitFor()
}

/** What the page printed that a person debugging would call an error: the SDK's restore failures among them. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

describe('WalletConnect with the dev wallet', () => {
  it('connects by the copied link, signs, sends, survives a reload and hears the wallet disconnect', async () => {
    const dapp = await openQrView()
    const errors = consoleErrors(dapp)
    const qr = dialog(dapp).getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    expect(await dialog(dapp).getByRole('timer').textContent()).toMatch(/^Code refreshes in [34]:\d\d$/)
    await expectAccessibleModal(dapp, 'ConnectingWalletConnect')
    const uri = await copiedUri(dapp)
    expect(uri).toMatch(URI)

    const wallet = await openWallet()
    await pairWallet(wallet, uri)
    await expectAccessiblePage(wallet, 'dev wallet (proposal)')
    await wallet.getByRole('button', { name: 'Approve' }).click()

    await poll(() => status(dapp)).toBe('connected')
    await poll(() => dialog(dapp).count()).toBe(0)
    const short = shortenAddress(walletAccount.address)
    await dapp.getByRole('button', { name: new RegExp(`Account ${short}`) }).click()
    const balance = `${formatTokenAmount(await chain.getBalance({ address: walletAccount.address }), 18, 3)} ETH`
    await poll(() => dialog(dapp).getByLabel('Balance').textContent()).toBe(balance)
    await dapp.keyboard.press('Escape')

    await dapp.getByRole('button', { name: 'Sign a message' }).click()
    const signRequest = wallet.getByRole('article', { name: 'Sign message' })
    await poll(() => signRequest.getByText('Hello from Portico').count()).toBe(1)
    await signRequest.getByRole('button', { name: 'Approve' }).click()
    const signature = dapp.getByTestId('wallet-signature')
    await poll(() => signature.count()).toBe(1)
    expect(
      await verifyMessage({
        address: walletAccount.address,
        message: 'Hello from Portico',
        signature: (await signature.textContent()) as Hex,
      }),
    ).toBe(true)

    const recipient = DEV_ACCOUNTS[2].address
    await dapp.getByRole('textbox', { name: 'Recipient' }).fill(recipient)
    await dapp.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const sendRequest = wallet.getByRole('article', { name: 'Send transaction' })
    await poll(() => sendRequest.getByText(`To: ${recipient}`).count()).toBe(1)
    await sendRequest.getByRole('button', { name: 'Approve' }).click()
    const hash = dapp.getByTestId('wallet-transaction')
    await poll(() => hash.count()).toBe(1)
    const receipt = await chain.waitForTransactionReceipt({ hash: (await hash.textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(walletAccount.address.toLowerCase())

    await dapp.reload()
    await poll(() => status(dapp)).toBe('connected')
    expect(await dapp.getByRole('button', { name: new RegExp(`Account ${short}`) }).count()).toBe(1)
    expect(errors.filter((text) => /No matching key/i.test(text))).toEqual([])

    await wallet.getByRole('button', { name: 'Disconnect Portico' }).click()
    await poll(() => status(dapp)).toBe('disconnected')
    await dapp.reload()
    await poll(() => status(dapp)).toBe('disconnected')
  })

  it('a disconnect on the page ends the session in the wallet too', async () => {
    const dapp = await openQrView()
    const wallet = await openWallet()
    await pairWallet(wallet, await copiedUri(dapp))
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await poll(() => status(dapp)).toBe('connected')
    await wallet.getByRole('button', { name: 'Disconnect Portico' }).waitFor()

    await dapp.getByRole('button', { name: /^Account / }).click()
    await dialog(dapp).getByRole('button', { name: 'Disconnect' }).click()
    await poll(() => status(dapp)).toBe('disconnected')
    await poll(() => wallet.getByRole('button', { name: 'Disconnect Portico' }).count()).toBe(0)
    expect(await wallet.getByRole('region', { name: 'Connected dapps' }).getByText('None yet').count()).toBe(
      1,
    )
  })

  it('connects the dev wallet picked from the wallet list by its own link, which carries the code', async () => {
    const dapp = await newPage()
    await dapp.goto(`${stack.pageUrl}/?signIn=off`)
    await dapp.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(dapp)
      .getByRole('button', { name: /^All wallets/ })
      .click()
    await dialog(dapp).getByRole('searchbox', { name: 'Search wallets' }).fill('portico')
    await dialog(dapp)
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await dialog(dapp).getByRole('button', { name: 'Connect with Portico Dev Wallet' }).click()
    await poll(() => dialog(dapp).getByRole('heading', { name: 'Portico Dev Wallet' }).count()).toBe(1)
    const open = dialog(dapp).getByRole('link', { name: /^Open Portico Dev Wallet/ })
    await poll(() => open.count()).toBe(1)
    // A web wallet opens in a tab of its own, at its link with the code the QR shows.
    const href = (await open.getAttribute('href')) ?? ''
    expect(href.startsWith(`${WALLET_URL}/wc?uri=wc%3A`)).toBe(true)
    await expectAccessibleModal(dapp, 'ConnectingWalletConnect (a wallet of the list)')
    const [wallet] = await Promise.all([dapp.context().waitForEvent('page'), open.click()])
    await wallet
      .getByRole('article', { name: 'Connection request from Portico' })
      .waitFor({ timeout: 20_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await poll(() => status(dapp)).toBe('connected')
  })

  it('a rejection in the wallet is said on the QR view, with a new code to scan', async () => {
    const dapp = await openQrView()
    const first = await copiedUri(dapp)
    const wallet = await openWallet()
    await pairWallet(wallet, first)
    await wallet.getByRole('button', { name: 'Reject' }).click()

    const alert = dialog(dapp).getByRole('alert')
    await poll(() => alert.textContent()).toBe(WalletConnectText.REJECTED)
    await dialog(dapp).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    await expectAccessibleModal(dapp, 'ConnectingWalletConnect (rejected)')
    await poll(() => copiedUri(dapp)).not.toBe(first)
    expect(await copiedUri(dapp)).toMatch(URI)
    expect(await status(dapp)).not.toBe('connected')
  })

  it('a relay that cannot be reached is said within seconds, with Try again', async () => {
    const dapp = await openQrView({ relayDown: true })
    await poll(() => dialog(dapp).getByRole('alert').textContent(), { timeout: 15_000 }).toBe(
      WalletConnectText.RELAY_UNREACHABLE,
    )
    expect(await dialog(dapp).getByRole('img', { name: 'WalletConnect QR code' }).count()).toBe(0)
    const retry = dialog(dapp).getByRole('button', { name: 'Try again' })
    expect(await retry.isVisible()).toBe(true)
    await expectAccessibleModal(dapp, 'ConnectingWalletConnect (relay unreachable)')
    await retry.focus()
    await dapp.keyboard.press('Enter')
    await poll(() => dialog(dapp).getByRole('status').textContent()).toBe('Making a connection code…')
  })

  it('counts down to zero and shows a fresh code when the old one expires', async () => {
    const page = await newPage({ clipboard: true })
    await page.clock.install()
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    const countdown = dialog(page).getByTestId('wc-countdown')
    await countdown.waitFor()
    const first = await copiedUri(page)
    // 4 minutes less the 10 s margin: 3:50 of use.
    await page.clock.fastForward('03:48')
    await poll(() => countdown.textContent()).toMatch(/^0:0[0-2]$/)
    await page.clock.fastForward('00:03')
    await poll(() => copiedUri(page)).not.toBe(first)
    await poll(() => countdown.textContent()).toMatch(/^3:[45]\d$/)
  })
})
