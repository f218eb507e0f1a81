import { createPageSiwx, type SIWXConfig, type SIWXSession } from '@portico/core'
import type { PageIdentity } from './identity.ts'
import type { PageConfig } from './page-config.ts'

/**
 * The demo page offers sign-in with wallet by default, as an optional step after connecting (the
 * panel's "Sign in" asks again later); `?signIn=required` makes it a must and `?signIn=off` leaves
 * the plain connect demo.
 */
export type SignInMode = 'off' | 'optional' | 'required'

/** What one request's render knew beyond the page config: the sign-in mode and session. */
export interface PageState {
  signIn: SignInMode
  siwxSession: SIWXSession | null
  /** The connected account's name, found by the page server. */
  identity?: PageIdentity | null | undefined
}

export const SIWX_SESSION_PATH = '/api/siwx/session'

export function signInModeOf(search: string): SignInMode {
  const mode = new URLSearchParams(search).get('signIn')
  return mode === 'required' || mode === 'off' ? mode : 'optional'
}

export function pageSiwx(config: PageConfig, mode: SignInMode): SIWXConfig | undefined {
  if (mode === 'off') return undefined
  return createPageSiwx({
    servicesUrl: config.servicesUrl,
    projectId: config.projectId,
    required: mode === 'required',
    statement: 'Sign in to the Portico demo page',
    sessionPath: SIWX_SESSION_PATH,
  })
}
