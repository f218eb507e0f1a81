import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

/** Shown while the wallet has the sign-in message in front of the person. */
export default function ConnectingSiwe({ portico }: ViewProps) {
  const { signing } = useStore(portico.siwx.store)
  return (
    <div className="center">
      <p role="status">{signing ? 'Sign the message in your wallet' : 'Signing in…'}</p>
      <p className="muted">
        The signature proves you own this wallet. It costs nothing and sends no transaction.
      </p>
      <span className="spinner" aria-hidden="true" />
    </div>
  )
}
