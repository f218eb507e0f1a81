import { describe, expect, it } from 'vitest'
import { getWalletLinks, isAppLink, isHttpsLink, isWalletImageUrl, supportsChains } from './wallet.ts'
import { explorerWallet } from './wallets.test-support.ts'

describe('wallet links', () => {
  it('keeps https store and homepage links only', () => {
    expect(isHttpsLink('https://apps.apple.com/app/id1457119021')).toBe(true)
    for (const link of [
      'http://rainbow.me',
      'javascript:alert(1)',
      'https://',
      'https://evil.example/a b',
      'https://evil.example/"onmouseover=',
      ' https://rainbow.me',
      'rainbow://',
    ])
      expect(isHttpsLink(link), link).toBe(false)
  })

  it('opens a wallet by https or its own scheme, never by a scheme that runs or reads something', () => {
    for (const link of [
      'rainbow://',
      'metamask://wc',
      'trust:',
      'https://rnbwapp.com',
      'com.wallabr.wallet://',
    ])
      expect(isAppLink(link), link).toBe(true)
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://x/1',
      'http://wallet.example',
      'no scheme',
      '//wallet.example',
    ])
      expect(isAppLink(link), link).toBe(false)
  })

  it('shows https and data: images only', () => {
    expect(isWalletImageUrl('data:image/png;base64,iVBOR')).toBe(true)
    expect(isWalletImageUrl('https://cdn.example/w.png')).toBe(true)
    expect(isWalletImageUrl('data:text/html,<b>')).toBe(false)
    expect(isWalletImageUrl('http://cdn.example/w.png')).toBe(false)
  })
})

describe('chains', () => {
  it('a wallet runs where it says, on every chain of a namespace it names, and anywhere if it says nothing', () => {
    expect(supportsChains({ chains: ['eip155:1'] }, ['eip155:1'])).toBe(true)
    expect(supportsChains({ chains: ['eip155:1'] }, ['eip155:31337'])).toBe(false)
    expect(supportsChains({ chains: ['eip155'] }, ['eip155:31337'])).toBe(true)
    expect(supportsChains({ chains: ['solana'] }, ['eip155:1', 'solana:5eykt'])).toBe(true)
    expect(supportsChains({ chains: [] }, ['eip155:31337'])).toBe(true)
    expect(supportsChains({ chains: ['eip155:1'] }, [])).toBe(true)
  })
})

describe('the links to get a wallet', () => {
  it('lists the stores then the homepage, leaving out any that is not https', () => {
    const wallet = explorerWallet('me.rainbow', {
      homepage: 'https://rainbow.me/',
      app_store: 'https://apps.apple.com/app/id1457119021',
      play_store: 'javascript:alert(1)',
      chrome_store: 'https://chrome.google.com/webstore/detail/rainbow/opfgelmcmbiajamepnmloijbpoleiama',
    })
    expect(getWalletLinks(wallet)).toEqual([
      { kind: 'app_store', href: 'https://apps.apple.com/app/id1457119021' },
      {
        kind: 'chrome_store',
        href: 'https://chrome.google.com/webstore/detail/rainbow/opfgelmcmbiajamepnmloijbpoleiama',
      },
      { kind: 'homepage', href: 'https://rainbow.me/' },
    ])
    expect(getWalletLinks(explorerWallet('bare'))).toEqual([])
  })
})
