import { EARLY_CLICK_SCRIPT } from '@portico/react'
import { serialize } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import type { PageConfig } from './page-config.ts'
import { renderAppHtml, renderPage } from './render.tsx'

const config: PageConfig = {
  projectId: '0123456789abcdef0123456789abcdef',
  servicesUrl: 'http://127.0.0.1:3001',
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  chainName: 'Anvil',
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function wagmiCookie(status: 'connected' | 'disconnected') {
  const connections =
    status === 'connected'
      ? new Map([
          [
            'uid-1',
            {
              accounts: [address],
              chainId: 31337,
              connector: { id: 'io.test', name: 'Test', type: 'injected', uid: 'uid-1' },
            },
          ],
        ])
      : new Map()
  const value = serialize({
    state: { chainId: 31337, connections, current: status === 'connected' ? 'uid-1' : null, status },
    version: 2,
  })
  return `other=1; wagmi.store=${value}`
}

describe('server render', () => {
  it('shows the shortened address of the wallet in the cookie, with no Connect label', () => {
    const html = renderAppHtml(config, wagmiCookie('connected'))
    expect(html).toContain('0xf3…b92266')
    expect(html).not.toContain('Connect Wallet')
    expect(html).toContain(`eip155:31337:${address}`)
  })

  it('shows Connect Wallet without a cookie or with a disconnected one', () => {
    expect(renderAppHtml(config, '')).toContain('Connect Wallet')
    expect(renderAppHtml(config, wagmiCookie('disconnected'))).toContain('Connect Wallet')
  })

  it('ignores a malformed cookie instead of failing the page', () => {
    expect(renderAppHtml(config, 'wagmi.store=%7Bnot-json')).toContain('Connect Wallet')
  })

  it('embeds the page config so that no value can close the script element', () => {
    const html = renderPage(
      { ...config, chainName: '</script><script>alert(1)</script>' },
      '',
      'assets/e.js',
      [],
      [],
    )
    expect(html).not.toContain('</script><script>alert(1)')
    expect(html).toContain('\\u003c/script>')
  })

  it('listens for early clicks before the app script loads, and marks the button it watches', () => {
    const html = renderPage(config, '', 'assets/e.js', [], [])
    const early = html.indexOf(`<script>${EARLY_CLICK_SCRIPT}</script>`)
    expect(early).toBeGreaterThan(-1)
    expect(early).toBeLessThan(html.indexOf('<script type="module" src="/assets/e.js">'))
    expect(html).toMatch(/<button[^>]*data-portico-button=""[^>]*>Connect Wallet<\/button>/)
  })
})
