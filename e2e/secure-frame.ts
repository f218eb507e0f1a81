import type { Page } from 'playwright-core'
import { poll } from './mailbox.ts'

/** The secure frame, drawn over the modal from the services' origin while it shows something. */
export const secureFrameOf = (p: Page) => p.frameLocator('iframe[title="Portico secure frame"]')

/** The secure frame as a browsing context, to look at its own storage the way the browser's tools can. */
export function secureFrameContext(p: Page, servicesUrl: string) {
  const frame = p.frames().find((f) => f.url().startsWith(`${servicesUrl}/frame`))
  if (!frame) throw new Error('no secure frame on the page')
  return frame
}

/** What a browser does when it evicts the frame's storage: the device share is gone. */
export function wipeFrameKeys(p: Page, servicesUrl: string): Promise<void> {
  return secureFrameContext(p, servicesUrl).evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('portico-keys')
        request.onsuccess = () => resolve()
        request.onerror = () => reject(request.error)
        request.onblocked = () => resolve()
      }),
  )
}

/** After the login that made the wallet, the frame offers a passkey; this visitor says "Not now". */
export async function declinePasskeyOffer(p: Page): Promise<void> {
  const frame = secureFrameOf(p)
  await poll(() => frame.getByRole('heading', { name: 'Protect your wallet with a passkey' }).count(), {
    timeout: 20_000,
  }).toBe(1)
  await frame.getByRole('button', { name: 'Not now' }).click()
}

/** The login e-mail cooldown (30 s per address, held by the services) since `sentAt`. */
export const waitForMailCooldown = (sentAt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + 31_000 - Date.now())))
