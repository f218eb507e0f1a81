import type { Portico } from '@portico/core'
import { useStore } from '../hooks.ts'
import './alert-css.ts'

/** The behaviour §8 alert of the embedded wallet (frame not loading, timed out, origin not allowed). */
export function AlertBanner({ portico }: { portico: Portico }) {
  const { alert } = useStore(portico.embedded.state)
  if (!alert) return null
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
