'use client'

import type { SIWXSession } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from './context.ts'
import { useStore } from './hooks.ts'

export interface UseSiwxReturnType {
  /** The signed-in session; the server render has it too when the page passed `siwxSession`. */
  session: SIWXSession | undefined
  isSignedIn: boolean
  signing: boolean
  /** Whether the app configured sign-in with wallet at all. */
  isEnabled: boolean
  /** Opens the modal on the sign-in view (connected, on a supported network). */
  signIn(): void
  signOut(): Promise<void>
}

export function useSiwx(): UseSiwxReturnType {
  const portico = usePortico()
  const { session, signing } = useStore(portico.siwx.store)
  const signOut = useCallback(() => portico.siwx.signOut(), [portico])
  const signIn = useCallback(() => portico.siwx.requestSignIn(), [portico])
  return {
    session,
    isSignedIn: session !== undefined,
    signing,
    isEnabled: portico.siwx.isEnabled(),
    signIn,
    signOut,
  }
}
