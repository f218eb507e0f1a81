import type { Portico } from '@portico/core'

/**
 * A WalletConnect connect that ended well: the modal closes, or offers the switch when the wallet
 * is on another network. Every view that waited on the pairing says it, so only the first counts.
 */
export function finishConnect(portico: Portico): void {
  if (!portico.modal.store.getState().open) return
  if (!portico.account.getState().isUnsupportedChain) portico.modal.close({ force: true })
  else if (portico.router.store.getState().view !== 'UnsupportedChain')
    portico.router.replace('UnsupportedChain', { switchNow: true })
}

/**
 * A view that waited on the pairing is leaving: the pending connect ends unless the modal goes on
 * to a view that waits on the same URI (a phone's wallet may already hold it from a tap). On a
 * phone, Connect keeps a pairing ready for its wallet rows; on a desktop it makes none.
 */
export function releasePairing(portico: Portico, phone: boolean): void {
  const { open } = portico.modal.store.getState()
  const { view } = portico.router.store.getState()
  const waits =
    view === 'ConnectingWalletConnect' ||
    view === 'ConnectingWalletConnectBasic' ||
    (phone && view === 'Connect')
  if (!open || !waits) portico.walletConnect.cancel()
}
