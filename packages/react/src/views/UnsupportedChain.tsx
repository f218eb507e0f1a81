import { errorMessage } from '@portico/core'
import { useState } from 'react'
import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

export default function UnsupportedChain({ portico }: ViewProps) {
  const account = useStore(portico.account)
  const [error, setError] = useState<string>()
  const name = portico.network.name

  const switchNetwork = async () => {
    setError(undefined)
    try {
      await portico.switchToNetwork()
      portico.router.reset(account.isConnected ? 'Account' : 'Connect')
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <div className="stack center">
      <p>This app doesn’t support your current network. Switch to {name} to continue.</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="button" className="primary" onClick={() => void switchNetwork()}>
        Switch to {name}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => void portico.disconnect().catch(() => undefined)}
      >
        Disconnect
      </button>
    </div>
  )
}
