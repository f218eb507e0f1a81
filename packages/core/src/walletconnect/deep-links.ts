/**
 * Links that open a wallet app with a pairing URI, and that bring it back to the front for a
 * request: the rules of AppKit's `CoreHelperUtil.formatNativeUrl` / `formatUniversalUrl`, which
 * wallets are built against. Pure functions of their inputs, so every rule has its unit test.
 */
import { isAppLink } from '../explorer/wallet.ts'

/** A wallet's links as the registry gives them (behaviour §3 wallet entry); empty strings mean none. */
export interface WalletLinks {
  mobile_link?: string | null | undefined
  desktop_link?: string | null | undefined
  webapp_link?: string | null | undefined
}

export type Platform = 'mobile' | 'desktop'

/** Where a tap goes: the same tab for a phone's app, a new one for desktop and web wallets. */
export interface WalletNavigation {
  href: string
  target: '_self' | '_blank'
}

const isHttpUrl = (link: string) => /^https?:\/\//i.test(link)

/** `https://wallet.app` → `https://wallet.app/wc?uri=…` (a trailing slash added first, never doubled). */
export function formatUniversalUrl(link: string, uri: string): string {
  const base = link.endsWith('/') ? link : `${link}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * `metamask:` or `metamask://` → `metamask://wc?uri=…`. An http(s) link is a universal link. Telegram's
 * Android app decodes a deep link once before handing it on, so there the URI is encoded twice.
 */
export function formatNativeUrl(
  link: string,
  uri: string,
  options: { telegramAndroid?: boolean } = {},
): string {
  if (isHttpUrl(link)) return formatUniversalUrl(link, uri)
  const scheme = link.includes('://') ? link : `${link.replaceAll('/', '').replaceAll(':', '')}://`
  const base = scheme.endsWith('/') ? scheme : `${scheme}/`
  const once = options.telegramAndroid ? encodeURIComponent(uri) : uri
  return `${base}wc?uri=${encodeURIComponent(once)}`
}

/**
 * The link a wallet button opens for this device: a phone opens `mobile_link` in the same tab (the
 * app takes over), a desktop its `desktop_link` in a new tab, and a wallet with only a web app its
 * `webapp_link`. Undefined when the wallet has no link for this device.
 */
export function walletNavigation(
  wallet: WalletLinks,
  uri: string,
  context: { platform: Platform; telegramAndroid?: boolean },
): WalletNavigation | undefined {
  const native = context.platform === 'mobile' ? wallet.mobile_link : wallet.desktop_link
  // A registry entry naming a scheme the browser runs (an operator's typo, an edited file) must
  // never turn a wallet button into script on the dapp's page.
  if (native && isAppLink(native)) {
    return {
      href: formatNativeUrl(native, uri, { telegramAndroid: context.telegramAndroid ?? false }),
      target: context.platform === 'mobile' ? '_self' : '_blank',
    }
  }
  if (wallet.webapp_link && isHttpUrl(wallet.webapp_link))
    return { href: formatUniversalUrl(wallet.webapp_link, uri), target: '_blank' }
  return undefined
}

/** Telegram's in-app browser on Android, where deep links need the double encoding. */
export function isTelegramAndroid(context: { userAgent: string; hasTelegramWebView: boolean }): boolean {
  return context.hasTelegramWebView && /android/i.test(context.userAgent)
}

/** What a connected wallet says about itself in its session metadata (`redirect`). */
export interface PeerRedirect {
  native?: string | undefined
  universal?: string | undefined
}

/**
 * After connecting, a request may bring the wallet to the front: `${href}/wc?requestId=…&sessionTopic=…`
 * from the session's own metadata, only on a phone and only while the page has focus (a page in the
 * background must never pull an app forward). The native scheme is preferred: a universal link
 * to an app that is not installed would navigate the dapp's page away.
 */
export function requestForegroundUrl(parameters: {
  redirect: PeerRedirect | undefined
  requestId: number
  sessionTopic: string
  platform: Platform
  hasFocus: boolean
}): string | undefined {
  const { redirect, platform, hasFocus } = parameters
  if (platform !== 'mobile' || !hasFocus) return undefined
  const href = redirect?.native || redirect?.universal
  if (!href) return undefined
  const base = href.endsWith('://') ? href.slice(0, -1) : href.replace(/\/+$/, '')
  const query = `requestId=${encodeURIComponent(parameters.requestId)}&sessionTopic=${encodeURIComponent(parameters.sessionTopic)}`
  return `${base}/wc?${query}`
}
