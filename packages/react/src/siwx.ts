import type { SIWXSession } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from './context.tsx'
import { useStore } from './hooks.ts'

export interface UseSiwxReturnType {
  /** The signed-in session; the server render has it too when the page passed `siwxSession`. */
  session: SIWXSession | undefined
  isSignedIn: boolean
  signing: boolean
  signOut(): Promise<void>
}

export function useSiwx(): UseSiwxReturnType {
  const portico = usePortico()
  const { session, signing } = useStore(portico.siwx.store)
  const signOut = useCallback(() => portico.siwx.signOut(), [portico])
  return { session, isSignedIn: session !== undefined, signing, signOut }
}
