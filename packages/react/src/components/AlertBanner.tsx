import type { Portico } from '@portico/core'
import { useStore } from '../hooks.ts'
import './alert-css.ts'

/**
 * The behaviour §8 alert of the embedded wallet (frame not loading, timed out, origin not allowed),
 * only while the embedded wallet is the one in use or being logged into: a visitor connected with a
 * browser wallet never used it, and its frame failing says nothing about their wallet.
 */
export function AlertBanner({ portico }: { portico: Portico }) {
  const { alert } = useStore(portico.embedded.state)
  const account = useStore(portico.account)
  if (!alert) return null
  if (account.address && !portico.embedded.isEmbedded(account.connectorId)) return null
  return (
    <div className="alert-banner" role="alert" data-kind={alert.kind}>
      <strong>{alert.shortMessage}</strong>
      <span>{alert.longMessage}</span>{' '}
      <button type="button" className="link-button" onClick={portico.embedded.clearAlert}>
        Dismiss
      </button>
    </div>
  )
}
