import { ServerErrorText } from '@portico/core/shared'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { z } from 'zod'
import type { ProjectReader } from '../projects/cache.ts'
import { normaliseOrigin } from '../projects/origin.ts'
import { PROJECT_ID_PATTERN } from '../projects/project-id.ts'

/** The close code the hosted relay refuses a connection with, and the clients report as fatal. */
export const REFUSED = 3000

export const RefusalText = {
  INVALID_KEY: ServerErrorText.INVALID_KEY,
  ORIGIN_NOT_ALLOWED: ServerErrorText.ORIGIN_NOT_ALLOWED,
  INVALID_AUTH: 'Unauthorized: invalid auth token',
  EXPIRED_AUTH: 'Unauthorized: auth token expired',
  WRONG_AUDIENCE: 'Unauthorized: auth token is for another relay',
} as const

/** What the clients put in the URL (`formatRelayRpcUrl`): `ua`, `useOnCloseEvent` and the rest are not used. */
const HandshakeQuery = z.looseObject({
  auth: z.string().max(4096).optional(),
  projectId: z.string().optional(),
})

/** The claims `@walletconnect/relay-auth`'s `signJWT` writes; its `verifyJWT` checks only the signature. */
const Claims = z.looseObject({ iss: z.string(), aud: z.string(), exp: z.number() })

export type Handshake = { ok: true; clientId: string; projectId: string } | { ok: false; reason: string }

export interface HandshakeContext {
  projects: ProjectReader
  /** The relay's public URL (`wss://services.example/v1/wc-relay`): the audience a client's token must name. */
  relayUrl: string
  now: () => number
}

/**
 * Decides whether a client may use the relay, before its socket is opened: a known project, its
 * Origin on that project's allow-list when the caller is a browser, and a token the client's
 * own key signed, still valid and made for this relay. A wallet in Node (or a native app) sends no
 * Origin at all; the hosted relay lets it in, and so do we — the signed token still names it.
 */
export async function checkHandshake(
  query: unknown,
  origin: string | undefined,
  { projects, relayUrl, now }: HandshakeContext,
): Promise<Handshake> {
  const parsed = HandshakeQuery.safeParse(query)
  const projectId = parsed.success ? parsed.data.projectId : undefined
  if (projectId === undefined || !PROJECT_ID_PATTERN.test(projectId)) return refuse(RefusalText.INVALID_KEY)
  const project = await projects.get(projectId)
  if (!project) return refuse(RefusalText.INVALID_KEY)
  if (origin !== undefined) {
    const normal = normaliseOrigin(origin)
    if (!normal.ok || !project.origins.includes(normal.origin)) return refuse(RefusalText.ORIGIN_NOT_ALLOWED)
  }
  const claims = await verifiedClaims(parsed.data?.auth)
  if (!claims) return refuse(RefusalText.INVALID_AUTH)
  if (claims.exp * 1000 <= now()) return refuse(RefusalText.EXPIRED_AUTH)
  if (!sameRelay(claims.aud, relayUrl)) return refuse(RefusalText.WRONG_AUDIENCE)
  return { ok: true, clientId: claims.iss, projectId }
}

async function verifiedClaims(token: string | undefined): Promise<z.output<typeof Claims> | undefined> {
  if (!token) return undefined
  try {
    // Throws on a token that is not three parts, not EdDSA, or whose issuer is not an ed25519 did:key.
    if (!(await verifyJWT(token))) return undefined
    const claims = Claims.safeParse(decodeJWT(token).payload)
    return claims.success ? claims.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Clients sign the relay URL they were configured with; a trailing slash or a query string of
 * their own does not make it another relay.
 */
function sameRelay(audience: string, relayUrl: string): boolean {
  const place = (url: string) => {
    try {
      const { protocol, host, pathname } = new URL(url)
      return `${protocol}//${host}${pathname.replace(/\/+$/, '')}`
    } catch {
      return undefined
    }
  }
  const expected = place(relayUrl)
  return expected !== undefined && place(audience) === expected
}

const refuse = (reason: string): Handshake => ({ ok: false, reason })
