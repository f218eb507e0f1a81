import fc from 'fast-check'
import { coinTypeOf } from '../../names/rules.ts'
import type { Route } from '../fuzz.ts'
import type { FuzzTarget } from '../target.ts'
import { CORS_GUARD, fromPage, hex } from './common.ts'

/** Labels that keep the rules and ones that break each, bare or under the suffix. */
const name = fc.oneof(
  fc.stringMatching(/^[a-z0-9][a-z0-9-]{2,20}[a-z0-9]$/),
  fc.stringMatching(/^[a-z0-9]{4,12}$/).map((label) => `${label}.portico.id`),
  fc.constantFrom('abc', 'admin', '-edge', 'dots.eth', 'ÄÖÜ!'),
)
const address = (target: FuzzTarget) =>
  fc.oneof(
    fc.constant(target.signer.address),
    hex(40).map((digits) => `0x${digits}`),
  )

export const nameRoutes: Route[] = [
  {
    name: 'GET /v1/profile/settings',
    guard: CORS_GUARD,
    valid: (target) => fc.constant(fromPage(target, 'GET', '/v1/profile/settings')),
  },
  ...(['account', 'suggestions'] as const).map(
    (kind): Route => ({
      name: `GET /v1/profile/${kind}/:name`,
      guard: CORS_GUARD,
      valid: (target) =>
        name.map((value) =>
          fromPage(target, 'GET', `/v1/profile/${kind}/:name`, { params: { name: value } }),
        ),
    }),
  ),
  ...(['/v1/profile/reverse/:address', '/v1/identity/:address'] as const).map(
    (path): Route => ({
      name: `GET ${path}`,
      guard: CORS_GUARD,
      valid: (target) =>
        address(target).map((value) => fromPage(target, 'GET', path, { params: { address: value } })),
    }),
  ),
  {
    name: 'POST /v1/profile/account',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record({ label: name, age: fc.integer({ min: -60, max: 600 }), byStranger: fc.boolean() })
        .map(({ label, age, byStranger }) => async () => {
          const message = JSON.stringify({
            name: label,
            attributes: {},
            timestamp: Math.floor(Date.now() / 1000) - age,
          })
          const key = byStranger ? target.stranger : target.signer
          const signature = await key.signMessage({ message })
          return fromPage(target, 'POST', '/v1/profile/account', {
            body: {
              json: {
                coin_type: coinTypeOf(target.chainId),
                address: target.signer.address,
                message,
                signature,
              },
            },
          })
        }),
  },
]
