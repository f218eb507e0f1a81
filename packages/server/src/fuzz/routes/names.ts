import { coinTypeOf } from '@portico/core/shared'
import fc from 'fast-check'
import { encodeFunctionData, type Hex, namehash, parseAbi, toHex } from 'viem'
import { packetToBytes } from 'viem/ens'
import { GATEWAY_PATH } from '../../names/gateway-routes.ts'
import type { Route } from '../fuzz.ts'
import type { RequestShape } from '../request.ts'
import type { FuzzTarget } from '../target.ts'
import { CORS_GUARD, fromPage, hex, OPEN, visitor } from './common.ts'

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

const gatewayAbi = parseAbi([
  'function resolve(bytes name, bytes data)',
  'function reverse(bytes lookupAddress, uint256 coinType)',
  'function addr(bytes32 node)',
  'function addr(bytes32 node, uint256 coinType)',
  'function text(bytes32 node, string key)',
  'function contenthash(bytes32 node)',
])

/** Questions PorticoNameResolver sends: a resolver call for a name (ours or not), or a reverse lookup. */
function question(target: FuzzTarget): fc.Arbitrary<Hex> {
  const coinType = fc.oneof(
    fc.constantFrom(60n, 0x80000000n, BigInt(coinTypeOf(target.chainId)), 0n),
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  )
  const call = (full: string) =>
    fc.oneof(
      fc.constant(encodeFunctionData({ abi: gatewayAbi, functionName: 'addr', args: [namehash(full)] })),
      coinType.map((coin) =>
        encodeFunctionData({ abi: gatewayAbi, functionName: 'addr', args: [namehash(full), coin] }),
      ),
      fc
        .oneof(fc.constantFrom('avatar', 'description', 'constructor', '__proto__'), fc.string())
        .map((key) =>
          encodeFunctionData({ abi: gatewayAbi, functionName: 'text', args: [namehash(full), key] }),
        ),
      fc.constant(
        encodeFunctionData({ abi: gatewayAbi, functionName: 'contenthash', args: [namehash(full)] }),
      ),
    )
  const resolve = fc
    .oneof(
      name.map((value) => (value.includes('.') ? value : `${value}.portico.id`)),
      fc.constant('vitalik.eth'),
    )
    .chain((full) =>
      call(full).map((data) =>
        encodeFunctionData({
          abi: gatewayAbi,
          functionName: 'resolve',
          args: [toHex(packetToBytes(full)), data],
        }),
      ),
    )
  const reverse = fc
    .record({ address: address(target), coin: coinType })
    .map(({ address, coin }) =>
      encodeFunctionData({ abi: gatewayAbi, functionName: 'reverse', args: [address as Hex, coin] }),
    )
  return fc.oneof(resolve, reverse)
}

/** The resolver the question comes from; the gateway signs for whichever one asks. */
const sender = hex(40).map((digits) => `0x${digits}`)

/** An ENS client anywhere, from an address of its own (so the per-IP limit leaves room). */
const fromClient = (
  method: string,
  path: string,
  parts: Pick<RequestShape, 'params' | 'body' | 'remoteAddress'>,
): RequestShape => ({ method, path, query: [], headers: {}, ...parts })

const gatewayRoutes: Route[] = [
  {
    name: `GET ${GATEWAY_PATH}/:sender/:data`,
    // As Fastify's route tree prints `/:sender/*`.
    covers: [`GET ${GATEWAY_PATH}/*`],
    guard: OPEN,
    valid: (target) =>
      fc.record({ sender, data: question(target), ip: visitor }).map(({ sender, data, ip }) =>
        fromClient('GET', `${GATEWAY_PATH}/:sender/:data`, {
          params: { sender, data: `${data}.json` },
          remoteAddress: ip,
        }),
      ),
  },
  {
    name: `POST ${GATEWAY_PATH}`,
    covers: [`POST ${GATEWAY_PATH}`, `POST ${GATEWAY_PATH}/`],
    guard: OPEN,
    valid: (target) =>
      fc.record({ sender, data: question(target), ip: visitor }).map(({ sender, data, ip }) =>
        fromClient('POST', GATEWAY_PATH, {
          params: {},
          body: { json: { sender, data } },
          remoteAddress: ip,
        }),
      ),
  },
  {
    name: `OPTIONS ${GATEWAY_PATH}`,
    covers: [`OPTIONS ${GATEWAY_PATH}`, `OPTIONS ${GATEWAY_PATH}/`],
    guard: OPEN,
    valid: () =>
      visitor.map((ip) => {
        const shape = fromClient('OPTIONS', GATEWAY_PATH, { params: {}, remoteAddress: ip })
        shape.headers = { origin: 'https://any.app', 'access-control-request-method': 'POST' }
        return shape
      }),
  },
]

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
  ...gatewayRoutes,
]
