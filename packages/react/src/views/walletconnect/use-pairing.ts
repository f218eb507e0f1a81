import {
  type Portico,
  readableError,
  usableFor,
  type WalletConnectErrorCode,
  WalletConnectText,
  walletConnectErrorCode,
} from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from '../../hooks.ts'

export interface PairingProblem {
  code: WalletConnectErrorCode | 'FAILED'
  message: string
}

/**
 * The QR views' one flow: connect through WalletConnect on arrival; a wallet's refusal is said and
 * a fresh code follows at once; a relay that cannot be reached (or any other failure) is said with
 * a Try again. Leaving the view ends the pending connect.
 */
export function usePairing(portico: Portico) {
  const { walletConnect } = portico
  const pairing = useStore(walletConnect.pairing)
  const [problem, setProblem] = useState<PairingProblem | undefined>(undefined)
  const started = useRef(false)

  const run = useCallback(async (): Promise<void> => {
    try {
      await walletConnect.connect()
      setProblem(undefined)
      if (portico.account.getState().isUnsupportedChain)
        portico.router.replace('UnsupportedChain', { switchNow: true })
      else portico.modal.close({ force: true })
    } catch (error) {
      const code = walletConnectErrorCode(error)
      if (code === 'CANCELLED') return
      if (code === 'REJECTED') {
        setProblem({ code, message: WalletConnectText.REJECTED })
        return run()
      }
      setProblem({ code: code ?? 'FAILED', message: code ? WalletConnectText[code] : readableError(error) })
    }
  }, [portico, walletConnect])

  useEffect(() => {
    if (!started.current) {
      started.current = true
      void run()
    }
    return () => walletConnect.cancel()
  }, [run, walletConnect])

  const retry = () => {
    setProblem(undefined)
    void run()
  }
  // A failure that left no code on screen: the view shows the error and Try again instead.
  const blocked = problem !== undefined && problem.code !== 'REJECTED'
  return { pairing, problem, blocked, retry }
}

/** Milliseconds the shown code may still be used, ticking every second while one is shown. */
export function useRemaining(expiresAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (expiresAt === undefined) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  return expiresAt === undefined ? 0 : usableFor(expiresAt, now)
}
