import type { Portico } from '@portico/core'
import {
  readableError,
  usableFor,
  type WalletConnectErrorCode,
  WalletConnectText,
  walletConnectErrorCode,
} from '@portico/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from '../../hooks.ts'
import { usePhone } from '../use-phone.ts'
import { finishConnect, releasePairing } from './pairing-lifetime.ts'

export interface PairingProblem {
  code: WalletConnectErrorCode | 'FAILED'
  message: string
}

/**
 * The QR views' one flow: connect through WalletConnect on arrival; a wallet's refusal is said and
 * a fresh code follows at once; a relay that cannot be reached (or any other failure) is said with
 * a Try again. Leaving the view ends the pending connect, unless the next view waits on it too
 * (pairing-lifetime.ts); a connect already pending (a phone's Connect view started it) is joined.
 */
export function usePairing(portico: Portico) {
  const { walletConnect } = portico
  const pairing = useStore(walletConnect.pairing)
  const [problem, setProblem] = useState<PairingProblem | undefined>(undefined)
  const started = useRef(false)
  const phone = usePhone()
  // Read at unmount: whether the view the modal goes on to still waits on this pairing.
  const phoneRef = useRef(phone)
  phoneRef.current = phone

  const run = useCallback(async (): Promise<void> => {
    try {
      await walletConnect.connect()
      setProblem(undefined)
      finishConnect(portico)
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
    return () => releasePairing(portico, phoneRef.current)
  }, [run, portico])

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
