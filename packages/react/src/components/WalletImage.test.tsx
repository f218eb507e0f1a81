import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { hueOf, WalletImage } from './WalletImage.tsx'

describe('a wallet without a logo', () => {
  it('shows its initials on a tile, not a lone letter', () => {
    const html = renderToString(<WalletImage name="Ledger Wallet" />)
    expect(html).toContain('>LW<')
    expect(html).toMatch(/class="wallet-image monogram"/)
    expect(html).toMatch(/style="background:hsl\(\d+ 45% 30%\)"/)
  })

  it('gets the same tile every time, and wallets that share a first letter get different ones', () => {
    expect(hueOf('Argent')).toBe(hueOf(' argent '))
    const hues = new Set(['Argent', 'Alpha Wallet', 'Ambire', 'Atomic', 'Avacus'].map(hueOf))
    expect(hues.size).toBe(5)
  })

  it('shows its logo when it has one', () => {
    const html = renderToString(<WalletImage name="Rainbow" icon="https://example.com/rainbow.png" />)
    expect(html).toContain('<img class="wallet-image" src="https://example.com/rainbow.png"')
    expect(html).not.toContain('monogram')
  })
})
