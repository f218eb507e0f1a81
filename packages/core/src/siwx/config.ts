import type { PageSiwxOptions, SIWXConfig } from './types.ts'

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
