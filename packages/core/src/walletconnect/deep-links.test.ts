import { describe, expect, it } from 'vitest'
import {
  formatNativeUrl,
  formatUniversalUrl,
  isTelegramAndroid,
  requestForegroundUrl,
  walletNavigation,
} from './deep-links.ts'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d&expiryTimestamp=1732000000'
const once = encodeURIComponent(uri)

describe('formatUniversalUrl', () => {
  it('adds a trailing slash, then wc?uri= with the URI encoded once', () => {
    expect(formatUniversalUrl('https://link.wallet.app', uri)).toBe(`https://link.wallet.app/wc?uri=${once}`)
  })
  it('never doubles a slash the link already ends with', () => {
    expect(formatUniversalUrl('https://link.wallet.app/', uri)).toBe(`https://link.wallet.app/wc?uri=${once}`)
  })
})

describe('formatNativeUrl', () => {
  it('turns a bare scheme into scheme://wc?uri=', () => {
    expect(formatNativeUrl('trust:', uri)).toBe(`trust://wc?uri=${once}`)
  })
  it('normalises metamask: to metamask://', () => {
    expect(formatNativeUrl('metamask:', uri)).toBe(`metamask://wc?uri=${once}`)
    expect(formatNativeUrl('metamask://', uri)).toBe(`metamask://wc?uri=${once}`)
    expect(formatNativeUrl('metamask', uri)).toBe(`metamask://wc?uri=${once}`)
  })
  it('keeps a path after the scheme and adds one slash', () => {
    expect(formatNativeUrl('rainbow://app', uri)).toBe(`rainbow://app/wc?uri=${once}`)
  })
  it('treats an http(s) link as universal', () => {
    expect(formatNativeUrl('https://wallet.app', uri)).toBe(`https://wallet.app/wc?uri=${once}`)
  })
  it('encodes the URI twice for Telegram on Android', () => {
    expect(formatNativeUrl('trust:', uri, { telegramAndroid: true })).toBe(
      `trust://wc?uri=${encodeURIComponent(once)}`,
    )
  })
})

describe('walletNavigation', () => {
  const wallet = {
    mobile_link: 'trust:',
    desktop_link: 'trustdesktop://',
    webapp_link: 'https://web.wallet.app',
  }
  it('opens the mobile link in the same tab on a phone', () => {
    expect(walletNavigation(wallet, uri, { platform: 'mobile' })).toEqual({
      href: `trust://wc?uri=${once}`,
      target: '_self',
    })
  })
  it('opens the desktop link in a new tab on a desktop', () => {
    expect(walletNavigation(wallet, uri, { platform: 'desktop' })).toEqual({
      href: `trustdesktop://wc?uri=${once}`,
      target: '_blank',
    })
  })
  it('falls back to the web app in a new tab', () => {
    expect(walletNavigation({ webapp_link: 'https://web.wallet.app' }, uri, { platform: 'mobile' })).toEqual({
      href: `https://web.wallet.app/wc?uri=${once}`,
      target: '_blank',
    })
  })
  it('gives nothing for a wallet without a link for the device', () => {
    expect(
      walletNavigation({ mobile_link: '', desktop_link: null }, uri, { platform: 'desktop' }),
    ).toBeUndefined()
  })
  it('double-encodes only inside Telegram on Android', () => {
    expect(walletNavigation(wallet, uri, { platform: 'mobile', telegramAndroid: true })?.href).toBe(
      `trust://wc?uri=${encodeURIComponent(once)}`,
    )
  })
})

describe('isTelegramAndroid', () => {
  it('needs both the Telegram web view and Android', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8)'
    expect(isTelegramAndroid({ userAgent: android, hasTelegramWebView: true })).toBe(true)
    expect(isTelegramAndroid({ userAgent: android, hasTelegramWebView: false })).toBe(false)
    expect(isTelegramAndroid({ userAgent: 'Mozilla/5.0 (iPhone)', hasTelegramWebView: true })).toBe(false)
  })
})

describe('requestForegroundUrl', () => {
  const base = { requestId: 1732, sessionTopic: 'ab12', platform: 'mobile' as const, hasFocus: true }
  it('brings the wallet forward by its native link with the request and the session', () => {
    expect(requestForegroundUrl({ ...base, redirect: { native: 'trust://' } })).toBe(
      'trust://wc?requestId=1732&sessionTopic=ab12',
    )
    expect(requestForegroundUrl({ ...base, redirect: { universal: 'https://link.wallet.app/' } })).toBe(
      'https://link.wallet.app/wc?requestId=1732&sessionTopic=ab12',
    )
  })
  it('does nothing while the page has no focus, on a desktop, or without a link', () => {
    const redirect = { native: 'trust://' }
    expect(requestForegroundUrl({ ...base, redirect, hasFocus: false })).toBeUndefined()
    expect(requestForegroundUrl({ ...base, redirect, platform: 'desktop' })).toBeUndefined()
    expect(requestForegroundUrl({ ...base, redirect: undefined })).toBeUndefined()
  })
})

describe('a registry link a browser would run instead of handing to an app', () => {
  it('is never a wallet button: javascript:, data: and the like give no navigation', () => {
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'
    for (const link of [
      'javascript:alert(1)',
      ' JavaScript://x',
      'data:text/html,hi',
      'vbscript:x',
      'file:///etc',
    ])
      expect(walletNavigation({ mobile_link: link }, uri, { platform: 'mobile' }), link).toBeUndefined()
    expect(
      walletNavigation({ webapp_link: 'javascript:alert(1)' }, uri, { platform: 'desktop' }),
    ).toBeUndefined()
    expect(walletNavigation({ mobile_link: 'rainbow:' }, uri, { platform: 'mobile' })?.href).toBe(
      `rainbow://wc?uri=${encodeURIComponent(uri)}`,
    )
  })
})
