/**
 * Where this app finds its Portico services and chain. Read from process.env on the server at request
 * time (never inlined by the build), then handed to the browser as props, so one `next build` runs
 * against any stack.
 */
export interface PorticoSettings {
  projectId: string
  /**
   * This app's public origin (`PORTICO_APP_URL`): the Origin it speaks for to the services and the
   * one same-origin requests must come from. Configured, never taken from Host or X-Forwarded-* headers.
   */
  appUrl: string
  servicesUrl: string
  rpcUrl: string
  chainId: number
  chainName: string
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): PorticoSettings {
  const projectId = env.PORTICO_PROJECT_ID
  if (!projectId) {
    throw new Error(
      'PORTICO_PROJECT_ID is not set — create a project: npm run project -- create --name NAME --origin URL',
    )
  }
  const chainId = Number(env.PORTICO_CHAIN_ID ?? 31337)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new Error(`PORTICO_CHAIN_ID must be a positive integer, got "${env.PORTICO_CHAIN_ID}"`)
  }
  const appUrl = new URL(env.PORTICO_APP_URL ?? 'http://localhost:3000').origin
  return {
    projectId,
    appUrl,
    servicesUrl: env.PORTICO_SERVICES_URL ?? 'http://localhost:3001',
    rpcUrl: env.PORTICO_RPC_URL ?? 'http://127.0.0.1:8545',
    chainId,
    chainName: env.PORTICO_CHAIN_NAME ?? 'Anvil',
  }
}
