import { isUserRejection } from '@portico/core'
import { readableError } from '@portico/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

type Attempt = { state: 'idle' } | { state: 'waiting' } | { state: 'failed'; message: string }

/**
 * The wallet is on another network (behaviour §2 UnsupportedChain, "Switch Network"). Arriving from
 * a connect, the switch is asked for at once; whenever the wallet is back on the page's network —
 * through this view or by hand in the wallet — the view gives way to Account.
 */
export default function UnsupportedChain({ portico }: ViewProps) {
  const account = useStore(portico.account)
  const { data } = useStore(portico.router.store)
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' })
  const asked = useRef(false)
  const name = portico.network.name

  useEffect(() => {
    if (account.isConnected && !account.isUnsupportedChain) portico.router.reset('Account')
  }, [account.isConnected, account.isUnsupportedChain, portico])

  const switchNetwork = useCallback(async () => {
    setAttempt({ state: 'waiting' })
    try {
      await portico.switchToNetwork()
      setAttempt({ state: 'idle' })
    } catch (caught) {
      setAttempt({
        state: 'failed',
        message: isUserRejection(caught)
          ? 'You declined the network switch in your wallet.'
          : readableError(caught),
      })
    }
  }, [portico])

  useEffect(() => {
    if (!data?.switchNow || asked.current) return
    asked.current = true
    void switchNetwork()
  }, [data?.switchNow, switchNetwork])

  return (
    <div className="stack center">
      <p>This app doesn’t support your current network. Switch to {name} to continue.</p>
      {attempt.state === 'waiting' && (
        <p role="status" className="muted">
          Approve the switch to {name} in your wallet
        </p>
      )}
      {attempt.state === 'failed' && (
        <p role="alert" className="error">
          {attempt.message}
        </p>
      )}
      <button
        type="button"
        className="primary"
        disabled={attempt.state === 'waiting'}
        aria-busy={attempt.state === 'waiting'}
        onClick={() => void switchNetwork()}
      >
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
