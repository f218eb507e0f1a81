import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'

export interface PasskeyDevice {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  authenticatorId: string
}

/**
 * A browser on a device with a platform authenticator that verifies the user and has the PRF
 * extension, as a phone or laptop with a synced passkey manager has (Chromium's virtual
 * authenticator, driven over CDP).
 */
export async function newPasskeyDevice(browser: Browser): Promise<PasskeyDevice> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      hasPrf: true,
    },
  })
  return { context, page, cdp, authenticatorId }
}
