import type { FastifyInstance } from 'fastify'
import type { Route } from './fuzz.ts'
import { bundlerRoutes } from './routes/bundler.ts'
import { chainDataRoutes } from './routes/chain-data.ts'
import { convertRoutes } from './routes/convert.ts'
import { dashboardRoutes } from './routes/dashboard.ts'
import { embeddedRoutes } from './routes/embedded.ts'
import { farcasterRoutes } from './routes/farcaster.ts'
import { nameRoutes } from './routes/names.ts'
import { onrampRoutes } from './routes/onramp.ts'
import { pageServerRoutes } from './routes/page-server.ts'
import { pageRoutes } from './routes/pages.ts'
import { serviceRoutes } from './routes/services.ts'
import { siwxRoutes } from './routes/siwx.ts'
import { socialRoutes } from './routes/social.ts'
import { walletRoutes } from './routes/wallets.ts'
import { walletConnectRelayRoutes } from './routes/wc-relay.ts'

/**
 * Every route the services answer, and the demo page server's sign-in endpoint, each with requests
 * it accepts; the test and `npm run fuzz` share it.
 */
export const ROUTES: Route[] = [
  ...serviceRoutes,
  ...chainDataRoutes,
  ...convertRoutes,
  ...siwxRoutes,
  ...nameRoutes,
  ...onrampRoutes,
  ...farcasterRoutes,
  ...embeddedRoutes,
  ...socialRoutes,
  ...pageRoutes,
  ...dashboardRoutes,
  ...pageServerRoutes,
  ...walletConnectRelayRoutes,
  ...walletRoutes,
  ...bundlerRoutes,
]

/** `METHOD path` for every route the app registered, read from Fastify's route tree; HEAD twins left out. */
function registeredRoutes(app: FastifyInstance): string[] {
  const parents: string[] = []
  const found: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!node) continue
    const depth = (node[1] ?? '').length / 4
    const path = (parents[depth - 1] ?? '') + (node[2] ?? '')
    parents[depth] = path
    for (const method of (node[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') found.push(`${method} ${path}`)
  }
  return found
}

/** Registered services routes that no entry of ROUTES covers. */
export function uncovered(app: FastifyInstance): string[] {
  const covered = new Set(ROUTES.flatMap((route) => route.covers ?? [route.name]))
  return registeredRoutes(app).filter((route) => !covered.has(route))
}
