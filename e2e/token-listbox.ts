import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/** Send's token field: the row that shows the chosen token and opens the list. */
export const tokenField = (scope: Locator) => scope.getByRole('button', { name: /^Token: / })

/**
 * Opens Send's token list and picks the token of `symbol`, once the list offers it: the balances
 * arrive a moment after the view.
 */
export async function pickToken(scope: Locator, symbol: string): Promise<void> {
  const option = scope.getByRole('option', { name: new RegExp(`^${symbol} `) })
  await expect
    .poll(
      async () => {
        if ((await scope.getByRole('listbox', { name: 'Token' }).count()) === 0)
          await tokenField(scope).click()
        return option.count()
      },
      { timeout: 10_000 },
    )
    .toBe(1)
  await option.click()
  const chosen = scope.getByRole('button', { name: new RegExp(`^Token: ${symbol} `) })
  await expect.poll(() => chosen.count()).toBe(1)
}
