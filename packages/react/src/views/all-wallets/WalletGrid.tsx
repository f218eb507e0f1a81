import { type InstalledWallet, safeIcon } from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import { useEffect, useRef } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'

/** A wallet's image from the registry, only when it is one the modal may show. */
export const explorerIcon = (wallet: ExplorerWallet) => safeIcon(wallet.image_url ?? undefined)

/**
 * The wallets as a grid of tiles, four a row; each is a button named by the wallet, marked
 * Installed when this browser announced it. The line under the grid asks for the next page when
 * it scrolls into sight (`onEnd`).
 */
export function WalletGrid({
  wallets,
  installed,
  onPick,
  onEnd,
}: {
  wallets: readonly ExplorerWallet[]
  installed: readonly InstalledWallet[]
  onPick: (wallet: ExplorerWallet) => void
  onEnd: (() => void) | undefined
}) {
  const end = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed again once a page has arrived, so a line still in sight asks for the next one
  useEffect(() => {
    const target = end.current
    if (!target || !onEnd || typeof IntersectionObserver === 'undefined') return
    // A margin of a few rows inside the scrolling body: the next page is asked before the visitor
    // reaches the bottom.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onEnd(), {
      root: scrollingAncestor(target),
      rootMargin: '0px 0px 200px 0px',
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [onEnd, wallets.length])
  const rdns = new Set(installed.map((connector) => connector.rdns).filter(Boolean))
  return (
    <>
      <ul className="wallet-grid" aria-label="Wallets">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <button type="button" className="wallet-tile" onClick={() => onPick(wallet)}>
              <WalletImage name={wallet.name} icon={explorerIcon(wallet)} />
              <span className="name">{wallet.name}</span>
              {wallet.rdns && rdns.has(wallet.rdns) && <span className="pill">Installed</span>}
            </button>
          </li>
        ))}
      </ul>
      <div ref={end} className="grid-end" />
    </>
  )
}

function scrollingAncestor(element: Element): Element | null {
  for (let at = element.parentElement; at; at = at.parentElement)
    if (/(auto|scroll)/.test(getComputedStyle(at).overflowY)) return at
  return null
}
