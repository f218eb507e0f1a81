import { createPageSiwx, type SIWXConfig, type SIWXSession } from '@portico/core'
import type { PageConfig } from './page-config.ts'

/**
 * Sign-in on the demo page is off unless the address asks for it (`?signIn=required` or
 * `?signIn=optional`), so the plain connect demo stays one click and both modes can be tried.
 */
export type SignInMode = 'off' | 'optional' | 'required'

/** What one request's render knew beyond the page config: the sign-in mode and session. */
export interface PageState {
  signIn: SignInMode
  siwxSession: SIWXSession | null
}

export const SIWX_SESSION_PATH = '/api/siwx/session'

export function signInModeOf(search: string): SignInMode {
  const mode = new URLSearchParams(search).get('signIn')
  return mode === 'required' || mode === 'optional' ? mode : 'off'
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
