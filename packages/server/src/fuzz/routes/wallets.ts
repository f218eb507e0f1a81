import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import { CORS_GUARD, fromPage } from './common.ts'

/** Wallets named as the SDK names them: registry ids, rdns, names in any case. */
const walletRef = fc.constantFrom('io.metamask', 'me.rainbow', 'Trust Wallet', 'RAINBOW', 'no.such.wallet')
const refs = fc.uniqueArray(walletRef, { minLength: 1, maxLength: 4 }).map((list) => list.join(','))

export const walletRoutes: Route[] = [
  {
    name: 'GET /v1/wallets',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record(
          {
            page: fc.integer({ min: 1, max: 20 }).map(String),
            entries: fc.integer({ min: 1, max: 100 }).map(String),
            include: refs,
            exclude: refs,
            search: fc.oneof(fc.constantFrom('rain', 'wallet', ''), fc.string({ maxLength: 20 })),
            badge_type: fc.constantFrom('certified', 'none'),
            chains: fc.constantFrom(`eip155:${target.chainId}`, 'eip155:1,eip155:137', 'solana'),
          },
          { requiredKeys: [] },
        )
        .map((query) =>
          fromPage(target, 'GET', '/v1/wallets', {
            query: Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
          }),
        ),
  },
]
