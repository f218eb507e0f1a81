import type { SIWXMessageData, SIWXSession } from './session.ts'

/**
 * Where sign-in sessions come from and go to — the "sign-in storage calls" of SPEC §7. A dapp may
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

export interface PageSiwxOptions {
  servicesUrl: string
  projectId: string
  required?: boolean
  statement?: string
  /** The page server's same-origin endpoint that keeps the session in an HttpOnly cookie. */
  sessionPath?: string
  /** How long a signed message stays valid. */
  validForMs?: number
  fetch?: typeof fetch
}

/**
 * Sign-in through the page: the nonce comes from the services, and the signed message goes to the
 * page's own endpoint, which has the services verify it and keeps the session in a cookie that
 * scripts cannot read. The page's server render then knows who signed in.
 */
export function createPageSiwx(options: PageSiwxOptions): SIWXConfig {
  // The calls run only once a wallet is connected, so their code and schemas load then, not with
  // the first paint.
  let loaded: Promise<Omit<SIWXConfig, 'getRequired'>> | undefined
  const storage = () => {
    loaded ??= import('./page-storage.ts').then((module) => module.pageStorage(options))
    return loaded
  }
  return {
    getRequired: () => options.required ?? false,
    createMessage: async (input) => (await storage()).createMessage(input),
    addSession: async (session) => (await storage()).addSession(session),
    getSessions: async (chainId, address) => (await storage()).getSessions(chainId, address),
    setSessions: async (sessions) => (await storage()).setSessions(sessions),
  }
}
