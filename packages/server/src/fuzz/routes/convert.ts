import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import type { FuzzTarget } from '../target.ts'
import { CORS_GUARD, fromPage, hex, optionalQuery } from './common.ts'

/** Amounts from dust to past what the pools hold, in base units. */
const amount = fc
  .oneof(
    fc.bigInt({ min: 1n, max: 10n ** 24n }),
    fc.constantFrom(1n, 10n ** 18n, 5n * 10n ** 21n, 10n ** 70n),
  )
  .map(String)

/** The chain's swap tokens (CAIP-10), and tokens it does not swap, on it and elsewhere. */
const token = (target: FuzzTarget) =>
  fc.oneof(
    fc.constantFrom(...target.swapTokens),
    hex(40).map((digits) => `eip155:${target.chainId}:0x${digits}`),
    fc.constantFrom(...target.swapTokens).map((caip) => caip.replace(/^eip155:\d+/, 'eip155:1')),
  )

/** Dev accounts with and without balances, bare or as CAIP-10. */
const user = (target: FuzzTarget) =>
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...target.accounts),
        hex(40).map((digits) => `0x${digits}`),
      ),
      fc.boolean(),
    )
    .map(([address, caip]) => (caip ? `eip155:${target.chainId}:${address}` : address))

const query = (entries: Record<string, fc.Arbitrary<string>>) =>
  fc.record(entries).map((record) => Object.entries(record))

export const convertRoutes: Route[] = [
  {
    name: 'GET /v1/convert/tokens',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .constantFrom(`eip155:${target.chainId}`, 'eip155:1')
        .map((chainId) => fromPage(target, 'GET', '/v1/convert/tokens', { query: [['chainId', chainId]] })),
  },
  {
    name: 'GET /v1/convert/quotes',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .tuple(
          query({ amount, from: token(target), to: token(target) }),
          optionalQuery({ userAddress: user(target), gasPrice: fc.nat().map(String) }),
        )
        .map(([required, optional]) =>
          fromPage(target, 'GET', '/v1/convert/quotes', { query: [...required, ...optional] }),
        ),
  },
  {
    name: 'GET /v1/convert/allowance',
    guard: CORS_GUARD,
    valid: (target) =>
      query({ tokenAddress: token(target), userAddress: user(target) }).map((entries) =>
        fromPage(target, 'GET', '/v1/convert/allowance', { query: entries }),
      ),
  },
  {
    name: 'GET /v1/convert/build-approve',
    guard: CORS_GUARD,
    valid: (target) =>
      query({ userAddress: user(target), from: token(target), to: token(target), amount }).map((entries) =>
        fromPage(target, 'GET', '/v1/convert/build-approve', { query: entries }),
      ),
  },
  {
    name: 'POST /v1/convert/build-transaction',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record({
          amount,
          from: token(target),
          to: token(target),
          userAddress: user(target),
          eip155: fc.option(fc.record({ slippage: fc.double({ min: 0, max: 50, noNaN: true }) }), {
            nil: undefined,
          }),
        })
        .map((json) => fromPage(target, 'POST', '/v1/convert/build-transaction', { body: { json } })),
  },
]
