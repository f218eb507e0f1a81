import { DEV_ACCOUNTS } from '@portico/contracts'
import { formatTokenAmount, shortenAddress } from '@portico/core'
import { createPublicClient, type Hex, http } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { holdRequests } from './hold-requests.ts'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[5] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey, { open: `${stack.pageUrl}/?signIn=off` })

const dialog = () => session.page.getByRole('dialog')
const connectButton = () => session.page.getByRole('button', { name: 'Connect Wallet' })

async function connect() {
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect.poll(() => session.page.getByTestId('status').textContent()).toBe('connected')
}

describe('browser-wallet connect', () => {
  it('lists the announced wallet first, connects, and shows the address and the chain balance', async () => {
    await connectButton().click()
    // WalletConnect's own group comes before the browser wallets (behaviour §2 group order).
    const walletButtons = dialog().getByRole('list', { name: 'Browser wallets' }).getByRole('button')
    await expect.poll(() => walletButtons.first().textContent()).toContain('Test Wallet')
    await walletButtons.first().click()

    const short = shortenAddress(session.wallet.address)
    await expect.poll(() => dialog().count()).toBe(0)
    await session.page.getByRole('button', { name: new RegExp(`Account ${short}`) }).click()
    await expect.poll(() => dialog().getByText(short).count()).toBe(1)

    const chain = createPublicClient({ transport: http(stack.rpcUrl) })
    const onChain = await chain.getBalance({ address: session.wallet.address })
    const expected = `${formatTokenAmount(onChain, 18, 3)} ETH`
    await expect.poll(() => dialog().getByLabel('Balance').textContent()).toBe(expected)
    expect(session.wallet.prompts).toContain('eth_requestAccounts')
  })

  it('a click on Connect Wallet before the page has hydrated opens the modal once it has', async () => {
    // As on a slow connection: the server HTML is there, the app's JavaScript is not yet.
    const release = await holdRequests(session.page, /\.js(\?|$)/)
    await session.page.goto(`${stack.pageUrl}/?signIn=off`, { waitUntil: 'commit' })
    await connectButton().click()
    expect(await dialog().count()).toBe(0)

    release()
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Test Wallet/ })
          .count(),
      )
      .toBe(1)
    await session.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await connectButton().click()
    await expect.poll(() => dialog().count()).toBe(1)
  })

  it('renders the connected address in the server HTML after a reload', async () => {
    await connect()
    const short = shortenAddress(session.wallet.address)
    const response = await session.page.reload()
    const html = (await response?.text()) ?? ''
    expect(html).toContain(short)
    expect(html).not.toContain('>Connect Wallet<')
  })

  it('shows the refusal when the wallet rejects, and stays disconnected', async () => {
    session.wallet.decide('reject')
    await connectButton().click()
    await dialog()
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe('You declined in Test Wallet.')
    expect(await session.page.getByTestId('status').textContent()).toBe('disconnected')

    session.wallet.decide('approve')
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => session.page.getByTestId('status').textContent()).toBe('connected')
  })

  it('disconnects from the account view', async () => {
    await connect()
    await session.page.getByRole('button', { name: /^Account / }).click()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => session.page.getByTestId('status').textContent()).toBe('disconnected')
    await expect.poll(() => connectButton().count()).toBe(1)
    const html = await (await session.page.reload())?.text()
    expect(html).toContain('Connect Wallet')
  })

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    await connectButton().focus()
    await session.page.keyboard.press('Enter')
    await expect.poll(() => dialog().count()).toBe(1)
    await session.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    expect(await connectButton().evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('closes on a backdrop click and keeps Tab inside the dialog', async () => {
    await connectButton().click()
    for (let i = 0; i < 6; i++) await session.page.keyboard.press('Tab')
    const focusedInside = await session.page.evaluate(() => {
      const host = document.querySelector('[data-portico-modal]')
      return Boolean(host?.shadowRoot?.activeElement?.closest('[role="dialog"]'))
    })
    expect(focusedInside).toBe(true)
    await session.page.mouse.click(5, 5)
    await expect.poll(() => dialog().count()).toBe(0)
  })
})

describe('unsupported network', () => {
  it('says the wallet is on the wrong network and switches it back to the page network', async () => {
    await connect()
    await session.wallet.moveToChain(session.page, 1)
    const wrong = session.page.getByRole('button', { name: 'Wrong network, switch to Anvil' })
    await expect.poll(() => wrong.count()).toBe(1)
    await wrong.click()
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Switch Network')
    await expectAccessibleModal(session.page, 'UnsupportedChain')
    await dialog().getByRole('button', { name: 'Switch to Anvil' }).click()
    await expect.poll(() => session.page.getByRole('button', { name: 'Network Anvil' }).count()).toBe(1)
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Account')
  })

  it('a wallet on another network connects, is asked to switch, and a declined switch leaves it connected with the offer', async () => {
    await session.wallet.moveToChain(session.page, 1)
    session.wallet.decide('reject', 'wallet_switchEthereumChain')
    await connectButton().click()
    await dialog()
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Switch Network')
    await expect
      .poll(() => dialog().getByRole('alert').textContent())
      .toBe('You declined the network switch in your wallet.')
    expect(session.wallet.prompts).toContain('wallet_switchEthereumChain')
    expect(await session.page.getByTestId('status').textContent()).toBe('connected')
    expect(await dialog().textContent()).not.toContain('You declined in')

    session.wallet.decide('approve', 'wallet_switchEthereumChain')
    await dialog().getByRole('button', { name: 'Switch to Anvil' }).click()
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Account')
    await expect.poll(() => session.page.getByRole('button', { name: 'Network Anvil' }).count()).toBe(1)
  })

  it('goes back to Account by itself when the wallet returns to the page network by hand', async () => {
    await connect()
    await session.wallet.moveToChain(session.page, 1)
    await session.page.getByRole('button', { name: 'Wrong network, switch to Anvil' }).click()
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Switch Network')
    await session.wallet.moveToChain(session.page, stack.chainId)
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Account')
  })
})
