import { isUserRejection } from '@portico/core'
import { readableError } from '@portico/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { WalletImage } from '../components/WalletImage.tsx'
import { useStore } from '../hooks.ts'
import './connecting-css.ts'
import type { ViewProps } from './types.ts'

type Attempt = { state: 'waiting' } | { state: 'declined' } | { state: 'failed'; message: string }

/** Waits for the browser wallet to approve; a refusal shows why and offers to try again. */
export default function ConnectingExternal({ portico }: ViewProps) {
  const { data } = useStore(portico.router.store)
  const [attempt, setAttempt] = useState<Attempt>({ state: 'waiting' })
  const started = useRef(false)
  const connectorId = data?.connectorId
  const name = data?.wallet?.name ?? 'your wallet'

  const run = useCallback(async () => {
    if (!connectorId) return
    setAttempt({ state: 'waiting' })
    try {
      await portico.connectWallet(connectorId)
      // Connected on another network: stay connected and offer the switch instead of failing the connect.
      if (portico.account.getState().isUnsupportedChain)
        portico.router.replace('UnsupportedChain', { switchNow: true })
      else portico.modal.close({ force: true })
    } catch (error) {
      setAttempt(
        isUserRejection(error) ? { state: 'declined' } : { state: 'failed', message: readableError(error) },
      )
    }
  }, [connectorId, portico])

  useEffect(() => {
    if (started.current) return
    started.current = true
    void run()
  }, [run])

  return (
    <div className="center">
      {/* The icon carries the state, as the peers show it: a turning ring while waiting, a cross once refused. */}
      <span className={`wallet-state ${attempt.state}`}>
        <WalletImage name={name} icon={data?.wallet?.icon} large />
        {attempt.state !== 'waiting' && (
          <span className="wallet-state-badge">
            <svg
              aria-hidden="true"
              width="12"
              height="12"
              viewBox="0 0 12 12"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3l6 6M9 3l-6 6" strokeLinecap="round" />
            </svg>
          </span>
        )}
      </span>
      {attempt.state === 'waiting' && (
        <>
          <p role="status">Continue in {name}</p>
          <p className="muted">Accept the connection request in the wallet</p>
        </>
      )}
      {attempt.state !== 'waiting' && (
        <>
          <p role="alert" className="error">
            {attempt.state === 'declined' ? `You declined in ${name}.` : attempt.message}
          </p>
          <p className="muted">
            {attempt.state === 'declined'
              ? 'Try again when you’re ready.'
              : `If ${name} still shows an earlier request, answer it first, then try again.`}
          </p>
          <button type="button" className="primary" onClick={() => void run()}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}
