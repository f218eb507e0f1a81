import { describe, expect, it } from 'vitest'
import { expectAccessibleModal } from './axe.ts'
import { poll } from './mailbox.ts'
import {
  accountLoginAndDisconnect,
  connectedAddress,
  dialogOf,
  settleAfterLogin,
  visitorOnDemoPage,
} from './social-login.ts'

const visitor = visitorOnDemoPage()

/**
 * Connect → Farcaster: the secure frame opens its own channel and the view shows its link as a QR
 * code; answers the link.
 */
async function openFarcasterQr(): Promise<string> {
  await visitor.page.getByRole('button', { name: 'Connect Wallet' }).click()
  const created = visitor.page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/v1/auth/farcaster/channel',
  )
  await dialogOf(visitor.page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  const { url } = (await (await created).json()) as { url: string }
  await dialogOf(visitor.page).getByRole('img', { name: 'Farcaster sign-in QR code' }).waitFor()
  return url
}

describe('Sign In With Farcaster in the modal', () => {
  it('QR code → the dev Farcaster app signs as @bob → connected with an address', async () => {
    // The page opens no channel of its own on the public relay: the frame's is the only one.
    const pageChannels: string[] = []
    visitor.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/channel')) pageChannels.push(request.url())
    })
    const url = await openFarcasterQr()
    expect(new URL(url).pathname).toBe('/dev/farcaster')
    await expectAccessibleModal(visitor.page, 'ConnectingFarcaster')
    const app = await visitor.context.newPage()
    await app.goto(url)
    await app.getByRole('button', { name: /^Sign in as @bob / }).click()
    await app.getByText('Signed in as @bob').waitFor()
    await settleAfterLogin(visitor.page)
    expect(await connectedAddress(visitor.page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await accountLoginAndDisconnect(visitor.page)).toBe('Farcaster · @bob')
    expect(pageChannels).toEqual([])
    await app.close()
  })

  it('a message signed by @alice for fid 20002 is refused, and the modal keeps waiting', async () => {
    const url = await openFarcasterQr()
    const app = await visitor.context.newPage()
    await app.goto(url)
    await app.getByRole('button', { name: 'Sign as @alice for fid 20002' }).click()
    expect(await app.getByRole('alert').textContent()).toContain(
      'is not an auth address or owner of fid 20002',
    )
    await poll(() => dialogOf(visitor.page).getByText('Waiting for Farcaster…').count()).toBe(1)
    await app.close()
  })
})
