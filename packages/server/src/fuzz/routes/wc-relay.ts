import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import { OPEN } from './common.ts'

/**
 * The relay's path over plain HTTP (no upgrade): whatever the query, a 426 in the services' error
 * shape. What it says over a socket is fuzzed by `wc-relay-socket.ts`.
 */
export const walletConnectRelayRoutes: Route[] = [
  {
    name: 'GET /v1/wc-relay',
    guard: OPEN,
    valid: (target) =>
      fc.constant({
        method: 'GET',
        path: '/v1/wc-relay',
        params: {},
        query: [
          ['projectId', target.project.id],
          ['auth', 'a.b.c'],
          ['ua', 'wc-2/js-2.21.8/fuzz'],
        ],
        headers: {},
      }),
  },
]
