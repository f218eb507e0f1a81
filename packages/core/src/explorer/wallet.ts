/**
 * A wallet of the services' registry as `GET /v1/wallets` answers it (behaviour §3 wallet list
 * entry, plus the store links and homepage the wallet's own page offers), and the rules for the
 * links in it, which the services apply when they read the registry and the modal again before it
 * puts one in an `href`. Shared by both sides: `@portico/core/shared`.
 */

export interface ExplorerWallet {
  id: string
  name: string
  /** Always null here: images are the operator's `image_url`, or the modal's monogram. */
  image_id: string | null
  /** An https or `data:image/…` URL the operator put in the registry. */
  image_url: string | null
  /** The wallet's EIP-6963 reverse-DNS name, which an installed copy announces. */
  rdns: string | null
  homepage: string | null
  /** Where a phone opens the wallet: its own scheme (`rainbow://`) or a universal https link. */
  mobile_link: string | null
  desktop_link: string | null
  /** A wallet that runs in a web page. */
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  /** CAIP-2 ids or bare namespaces (`eip155`: any chain of it); empty when the registry does not say. */
  chains: string[]
  badge_type: 'certified' | 'none'
}

export interface WalletListAnswer {
  data: ExplorerWallet[]
  /** How many wallets the query matches in all, over every page. */
  count: number
}

/** Schemes a link must never have: they run script or read local data when followed. */
const DANGEROUS_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'about', 'filesystem'])
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
/** The characters of RFC 3986 only: no spaces, quotes, angle brackets or control characters. */
const PLAIN_URL = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/

/** An https URL: the only kind of store, homepage and web-app link kept. */
export function isHttpsLink(link: string): boolean {
  if (!PLAIN_URL.test(link)) return false
  try {
    const url = new URL(link)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}

/** A link that opens a wallet app: https (universal link) or the wallet's own scheme (`trust://`). */
export function isAppLink(link: string): boolean {
  if (!PLAIN_URL.test(link)) return false
  const scheme = SCHEME.exec(link)?.[1]?.toLowerCase()
  if (!scheme || DANGEROUS_SCHEMES.has(scheme)) return false
  return scheme === 'https' ? isHttpsLink(link) : scheme !== 'http'
}

/** An image the modal may show in an <img>: https, or a raster or SVG `data:` image. */
export function isWalletImageUrl(link: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(link) || isHttpsLink(link)
}

/** Whether a wallet that lists its chains runs on one of `chains` (CAIP-2); unknown lists run anywhere. */
export function supportsChains(wallet: Pick<ExplorerWallet, 'chains'>, chains: readonly string[]): boolean {
  if (chains.length === 0 || wallet.chains.length === 0) return true
  return chains.some((chain) => {
    const namespace = chain.split(':')[0]
    return wallet.chains.includes(chain) || (namespace !== undefined && wallet.chains.includes(namespace))
  })
}

/** Where a wallet can be got, in the order the wallet's page lists them. */
const GET_WALLET_LINKS = ['app_store', 'play_store', 'chrome_store', 'homepage'] as const
export type GetWalletLink = (typeof GET_WALLET_LINKS)[number]

/** The store links and homepage of a wallet that are https: what its page offers to get it. */
export function getWalletLinks(wallet: ExplorerWallet): { kind: GetWalletLink; href: string }[] {
  return GET_WALLET_LINKS.flatMap((kind) => {
    const href = wallet[kind]
    return href && isHttpsLink(href) ? [{ kind, href }] : []
  })
}
