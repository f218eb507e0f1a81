import fc from 'fast-check'
import { getAddress } from 'viem'
import type { Route } from '../fuzz.ts'
import type { FuzzTarget } from '../target.ts'
import { CORS_GUARD, fromPage, hex, optionalQuery } from './common.ts'

/** Accounts with history and NFTs, token contracts, strangers; lower-case or checksummed. */
function account(target: FuzzTarget): fc.Arbitrary<string> {
  const known = fc.constantFrom(...target.accounts, ...target.tokens)
  return fc.oneof(
    known,
    known.map((address) => getAddress(address)),
    hex(40).map((digits) => `0x${digits}`),
  )
}

const chainId = (target: FuzzTarget) => fc.constant(`eip155:${target.chainId}`)
const limit = fc.integer({ min: 1, max: 20 }).map(String)

function accountRoute(list: 'balance' | 'history' | 'nfts'): Route {
  const path = `/v1/account/:address/${list}`
  return {
    name: `GET ${path}`,
    guard: CORS_GUARD,
    valid: (target) => {
      const query =
        list === 'balance'
          ? optionalQuery({
              chainId: chainId(target),
              currency: fc.constant('usd'),
              forceUpdate: fc.constantFrom('true', 'false'),
            })
          : optionalQuery({
              chainId: chainId(target),
              limit,
              ...(target.cursors[list].length > 0
                ? { cursor: fc.constantFrom(...target.cursors[list]) }
                : {}),
            })
      return fc
        .tuple(account(target), query)
        .map(([address, entries]) => fromPage(target, 'GET', path, { params: { address }, query: entries }))
    },
  }
}

export const chainDataRoutes: Route[] = [
  accountRoute('balance'),
  accountRoute('history'),
  accountRoute('nfts'),
  {
    name: 'POST /v1/fungible/price',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .array(
          fc.oneof(
            fc.constantFrom(...target.tokens),
            hex(40).map((digits) => `0x${digits}`),
          ),
          {
            maxLength: 5,
          },
        )
        .map((addresses) =>
          fromPage(target, 'POST', '/v1/fungible/price', {
            body: {
              json: { currency: 'usd', addresses: addresses.map((a) => `eip155:${target.chainId}:${a}`) },
            },
          }),
        ),
  },
  {
    name: 'GET /v1/convert/gas-price',
    guard: CORS_GUARD,
    valid: (target) =>
      fc.constant(
        fromPage(target, 'GET', '/v1/convert/gas-price', {
          query: [['chainId', `eip155:${target.chainId}`]],
        }),
      ),
  },
  {
    name: 'POST /v1/rpc',
    guard: CORS_GUARD,
    valid: (target) => {
      const single = fc
        .tuple(
          fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
          fc.oneof(
            fc.constant({ method: 'eth_chainId', params: [] }),
            fc.constant({ method: 'eth_blockNumber' }),
            account(target).map((address) => ({ method: 'eth_getBalance', params: [address, 'latest'] })),
            fc.constant({ method: 'eth_sendTransaction', params: [{ from: target.accounts[0] }] }),
            // Ranges under, at and over the block-range cap, as numbers and tags.
            fc
              .record({ fromBlock: block, toBlock: block }, { requiredKeys: [] })
              .map((filter) => ({ method: 'eth_getLogs', params: [filter] })),
            // Params nested around the depth bound.
            fc.integer({ min: 1, max: 40 }).map((depth) => ({ method: 'eth_call', params: nested(depth) })),
          ),
        )
        .map(([id, call]) => ({ jsonrpc: '2.0', id, ...call }))
      // Few visitors, so the per-IP rate limit answers 429 to some.
      return fc
        .tuple(
          fc.oneof(single, fc.array(single, { minLength: 1, maxLength: 5 })),
          fc.constantFrom('198.51.100.8', '198.51.100.9'),
        )
        .map(([json, ip]) =>
          fromPage(target, 'POST', '/v1/rpc', {
            query: [['chainId', String(target.chainId)]],
            body: { json },
            ip,
          }),
        )
    },
  },
]

/** A block for eth_getLogs: a tag, or a number around the proxy's 10,000-block cap. */
const block = fc.oneof(
  fc.constantFrom('latest', 'earliest', 'pending', 'safe', 'finalized'),
  fc.integer({ min: 0, max: 30_000 }).map((n) => `0x${n.toString(16)}`),
)

/** `[[[…]]]`, `depth` levels of arrays. */
function nested(depth: number): unknown[] {
  let value: unknown[] = []
  for (let level = 1; level < depth; level++) value = [value]
  return value
}
