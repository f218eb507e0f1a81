import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import type { RequestShape } from '../request.ts'
import { type FuzzTarget, signIn, siweMessage } from '../target.ts'

const PATH = '/api/siwx/session'
const GUARD = { callers: ['origin', 'host', 'cookie'] }

/** A same-origin call from the page, carrying its session cookie when it has one. */
function fromPage(target: FuzzTarget, method: string, token?: string): RequestShape {
  const { origin } = target.pageServer
  return {
    method,
    path: PATH,
    params: {},
    query: [],
    headers: {
      host: new URL(origin).host,
      origin,
      ...(token ? { cookie: `portico_siwx=${token}; wagmi.store=%7B%7D` } : {}),
    },
  }
}

/** The page server's sign-in endpoint, in front of the services (`apps/web/src/siwx-session.ts`). */
export const pageServerRoutes: Route[] = [
  {
    name: `GET ${PATH} (page server)`,
    onPageServer: true,
    guard: GUARD,
    valid: (target) => fc.constant(fromPage(target, 'GET', target.pageSessionToken)),
  },
  {
    name: `POST ${PATH} (page server)`,
    onPageServer: true,
    guard: GUARD,
    valid: (target) =>
      fc.boolean().map((byStranger) => async () => {
        const { origin, projectId } = target.pageServer
        const nonce = await target.app.inject({
          method: 'POST',
          url: `/v1/siwx/nonce?projectId=${projectId}`,
          headers: { origin },
        })
        const message = siweMessage(nonce.json().nonce, target.signer.address, { page: origin })
        const signature = await (byStranger ? target.stranger : target.signer).signMessage({ message })
        return { ...fromPage(target, 'POST'), body: { json: { message, signature } } }
      }),
  },
  {
    name: `DELETE ${PATH} (page server)`,
    onPageServer: true,
    guard: GUARD,
    valid: (target) =>
      fc.constant(async () => {
        const { origin, projectId } = target.pageServer
        return fromPage(target, 'DELETE', await signIn(target, origin, projectId))
      }),
  },
]
