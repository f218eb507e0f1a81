import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
const devAccount = DEV_ACCOUNTS[6] as { address: Hex; privateKey: Hex }
const session = useWalletSession(devAccount.privateKey)

const dialog = () => session.page.getByRole('dialog')
const signButton = () => dialog().getByRole('button', { name: 'Sign', exact: true })
const status = () => session.page.getByTestId('status').textContent()
const signInStatus = () => session.page.getByTestId('siwx-status').textContent()

/** Opens the page in a sign-in mode and connects the test wallet; the sign-in view follows. */
async function connect(mode: 'required' | 'optional' | 'default') {
  await session.page.goto(mode === 'default' ? stack.pageUrl : `${stack.pageUrl}/?signIn=${mode}`)
  await session.page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog()
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect.poll(status).toBe('connected')
  await expect.poll(() => signButton().count()).toBe(1)
}

describe('sign-in with wallet, required', () => {
  it('signs in, stays signed in across a reload (HttpOnly cookie, server HTML), and signs out', async () => {
    await connect('required')
    await signButton().click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(signInStatus).toBe(`Signed in as ${session.wallet.address}`)
    expect(session.wallet.prompts).toContain('personal_sign')

    const cookie = (await session.context.cookies()).find((c) => c.name === 'portico_siwx')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
    expect(await session.page.evaluate(() => document.cookie)).not.toContain('portico_siwx')

    const html = (await (await session.page.reload())?.text()) ?? ''
    expect(html).toContain(`Signed in as ${session.wallet.address}`)
    // The restored connection keeps the session: no new signature is asked for.
    await expect.poll(status).toBe('connected')
    await expect.poll(signInStatus).toBe(`Signed in as ${session.wallet.address}`)
    expect(await dialog().count()).toBe(0)

    await session.page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(signInStatus).toBe('Not signed in')
    const after = (await (await session.page.reload())?.text()) ?? ''
    expect(after).toContain('Not signed in')
  })

  it('keeps the sign view open while required, and reopens it with a toast when the signature is declined', async () => {
    await connect('required')
    await session.page.keyboard.press('Escape')
    expect(await signButton().count()).toBe(1)

    session.wallet.decide('reject')
    await signButton().click()
    await expect.poll(() => session.page.getByText('Signature declined').count()).toBe(1)
    await expect.poll(() => signButton().count()).toBe(1)
    expect(await signInStatus()).toBe('Not signed in')
    expect(await status()).toBe('connected')
  })

  it('cancel disconnects', async () => {
    await connect('required')
    await dialog().getByRole('button', { name: 'Cancel and disconnect' }).click()
    await expect.poll(status).toBe('disconnected')
    await expect.poll(() => dialog().count()).toBe(0)
    expect(await signInStatus()).toBe('Not signed in')
  })
})

describe('sign-in with wallet, optional', () => {
  it('cancel closes the modal and keeps the connection', async () => {
    await connect('optional')
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect.poll(() => dialog().count()).toBe(0)
    expect(await status()).toBe('connected')
    expect(await signInStatus()).toBe('Not signed in')
  })

  it('shows the short address in a view that fits, and Account offers Sign in after a cancel', async () => {
    await connect('optional')
    const address = session.wallet.address
    const short = `${address.slice(0, 4)}…${address.slice(-6)}`
    expect(await dialog().getByText(short, { exact: true }).count()).toBe(1)
    expect(await dialog().textContent()).not.toContain(address)
    // Nothing in the view is wider than the card.
    const overflowing = await dialog().evaluate(
      (card) =>
        [...card.querySelectorAll('p, button')].filter(
          (element) => element.scrollWidth > element.clientWidth + 1,
        ).length,
    )
    expect(overflowing).toBe(0)
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect.poll(() => dialog().count()).toBe(0)

    await session.page.getByRole('button', { name: /^Account / }).click()
    await dialog().getByRole('button', { name: 'Sign in', exact: true }).click()
    await signButton().click()
    await expect.poll(signInStatus).toBe(`Signed in as ${address}`)
    await session.page.getByRole('button', { name: /^Account / }).click()
    await expect.poll(() => dialog().getByRole('heading', { name: 'Account' }).count()).toBe(1)
    expect(await dialog().getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0)
  })

  it('is what the demo page offers by default, and its Sign in action asks again later', async () => {
    await connect('default')
    await session.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    expect(await status()).toBe('connected')

    await session.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await signButton().click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(signInStatus).toBe(`Signed in as ${session.wallet.address}`)
    await session.page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(signInStatus).toBe('Not signed in')
  })
})
