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
          ),
        )
        .map(([id, call]) => ({ jsonrpc: '2.0', id, ...call }))
      return fc.oneof(single, fc.array(single, { minLength: 1, maxLength: 5 })).map((json) =>
        fromPage(target, 'POST', '/v1/rpc', {
          query: [['chainId', String(target.chainId)]],
          body: { json },
        }),
      )
    },
  },
]
