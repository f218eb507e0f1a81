import { EARLY_CLICK_SCRIPT } from '@portico/react'
import { describe, expect, it } from 'vitest'
import { renderAppHtml, renderPage } from './render.tsx'
import { TEST_ADDRESS, TEST_CONFIG, wagmiCookie } from './test-support.ts'

describe('server render', () => {
  it('shows the shortened address of the wallet in the cookie, with no Connect label', () => {
    const html = renderAppHtml(TEST_CONFIG, wagmiCookie('connected'))
    expect(html).toContain('0xf3…b92266')
    expect(html).not.toContain('Connect Wallet')
    expect(html).toContain(`eip155:31337:${TEST_ADDRESS}`)
  })

  it('shows Connect Wallet without a cookie or with a disconnected one', () => {
    expect(renderAppHtml(TEST_CONFIG, '')).toContain('Connect Wallet')
    expect(renderAppHtml(TEST_CONFIG, wagmiCookie('disconnected'))).toContain('Connect Wallet')
  })

  it('ignores a malformed cookie instead of failing the page', () => {
    expect(renderAppHtml(TEST_CONFIG, 'wagmi.store=%7Bnot-json')).toContain('Connect Wallet')
  })

  it('embeds the page config so that no value can close the script element', () => {
    const html = renderPage(
      { ...TEST_CONFIG, chainName: '</script><script>alert(1)</script>' },
      '',
      'assets/e.js',
      [],
      [],
    )
    expect(html).not.toContain('</script><script>alert(1)')
    expect(html).toContain('\\u003c/script>')
  })

  it('names the account in the first HTML when the page server found its name, and hands the browser the name resolver', () => {
    const resolver = '0x00000000000000000000000000000000000000e5'
    const html = renderPage(
      { ...TEST_CONFIG, ensUniversalResolver: resolver },
      wagmiCookie('connected'),
      'assets/e.js',
      [],
      [],
      {
        signIn: 'off',
        siwxSession: null,
        identity: { address: TEST_ADDRESS, identity: { name: 'alice.portico.id' } },
      },
    )
    expect(html).toContain('>alice.portico.id<')
    expect(html).not.toContain('0xf3…b92266<')
    const config = JSON.parse(html.match(/id="portico-config">(.*?)<\/script>/)?.[1] ?? '{}')
    expect(config.ensUniversalResolver).toBe(resolver)
  })

  it('listens for early clicks before the app script loads, and marks the button it watches', () => {
    const html = renderPage(TEST_CONFIG, '', 'assets/e.js', [], [])
    const early = html.indexOf(`<script>${EARLY_CLICK_SCRIPT}</script>`)
    expect(early).toBeGreaterThan(-1)
    expect(early).toBeLessThan(html.indexOf('<script type="module" src="/assets/e.js">'))
    expect(html).toMatch(/<button[^>]*data-portico-button=""[^>]*>Connect Wallet<\/button>/)
  })
})
