import type { Portico } from '@portico/core'
import { opensOnPhone } from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import type { ReactNode } from 'react'
import { useStore } from '../../hooks.ts'
import { navigationFor, WalletLink } from './WalletLink.tsx'

/**
 * A wallet row on a phone (the phone layout): with the pairing URI ready, a tap opens the
 * wallet's app with it and the modal waits in ConnectingWalletConnect for that wallet; before the
 * URI is ready the tap goes to that view, which opens the wallet once it is. A wallet a phone cannot
 * open goes to its own page (`noLink`: where to get it).
 */
export function DeepLinkRow({
  portico,
  wallet,
  noLink,
  children,
}: {
  portico: Portico
  wallet: ExplorerWallet
  noLink: () => void
  children: ReactNode
}) {
  const pairing = useStore(portico.walletConnect.pairing)
  const waiting = () => portico.router.push('ConnectingWalletConnect', { explorerWallet: wallet })
  const navigation =
    pairing.status === 'ready' && pairing.uri ? navigationFor(wallet, pairing.uri, true) : undefined
  if (navigation)
    return (
      <WalletLink
        navigation={navigation}
        expiresAt={pairing.expiresAt}
        className="row-button"
        onOpen={waiting}
      >
        {children}
      </WalletLink>
    )
  return (
    <button type="button" className="row-button" onClick={opensOnPhone(wallet) ? waiting : noLink}>
      {children}
    </button>
  )
}
