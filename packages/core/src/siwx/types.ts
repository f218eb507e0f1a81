import type { ServicesSettings } from '../services.ts'
import type { SIWXMessageData, SIWXSession } from './session.ts'

/**
 * Where sign-in sessions come from and go to — the "sign-in storage calls" of behaviour §7. A dapp may
 * pass its own; `createPageSiwx` is the one backed by Portico's services and the page server.
 */
export interface SIWXConfig {
  createMessage(input: {
    accountAddress: `0x${string}`
    chainId: `eip155:${number}`
  }): Promise<{ data: SIWXMessageData; message: string }>
  /** Stores a signed message; the answer is the session as stored. */
  addSession(session: SIWXSession): Promise<SIWXSession>
  getSessions(chainId: `eip155:${number}`, address: string): Promise<SIWXSession[]>
  /** Replaces the stored sessions; `[]` signs out. */
  setSessions(sessions: SIWXSession[]): Promise<void>
  /** When true, a connection without a session is not allowed to stay. */
  getRequired?(): boolean
}

export interface PageSiwxOptions extends ServicesSettings {
  required?: boolean
  statement?: string
  /** The page server's same-origin endpoint that keeps the session in an HttpOnly cookie. */
  sessionPath?: string
  /** How long a signed message stays valid. */
  validForMs?: number
  fetch?: typeof fetch
}
