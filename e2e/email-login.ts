import type { Page } from 'playwright-core'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'

/** The visitor opens Connect, gives `email`, and types the code the services mailed to it. */
export async function typeMailedCode(page: Page, servicesUrl: string, email: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  const before = await lastMailId(servicesUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await poll(() => dialog.getByText('Enter the code we sent to').count()).toBe(1)
  const code = codeIn(await mailFor(servicesUrl, email, before))
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code)
}

/** The text of the toast on top, or '' while there is none. */
export const toastText = (page: Page): Promise<string> =>
  page
    .locator('.toast')
    .first()
    .textContent()
    .then((text) => text ?? '')
    .catch(() => '')
