import { createHash } from 'node:crypto'
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, errors, jwtVerify } from 'jose'
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'

/**
 * Proof of the secure frame's device key on every `/v1/auth` request, after DPoP (RFC 9449): the frame
 * holds a non-extractable P-256 key, signs a short JWT naming the method, the URL, the time and a hash
 * of its session token, and the device id is that key's thumbprint. So a session, a login code or a
 * login attempt made for a device is worth nothing without the key, which never leaves the browser
 * that made it: a token copied out of the frame, or a code typed into another device, proves nothing.
 */
export const DeviceProofText = {
  MISSING: 'This request must come from the Portico secure window of the device that logged in',
  INVALID: 'The device proof is not valid: reload the page and try again',
  STALE: "The device proof is out of date: check this device's clock and try again",
  REPLAYED: 'This device proof was already used: try again',
} as const

/** How far a proof's time may be from the services' clock, either way. */
const PROOF_WINDOW_S = 60
const MAX_REMEMBERED = 200_000

const ProofClaims = z.object({
  htm: z.string(),
  htu: z.string(),
  iat: z.number(),
  jti: z.string().min(16).max(64),
  ath: z.string().optional(),
})

export interface ProvenDevice {
  /** The thumbprint (RFC 7638) of the device's public key: the device id sessions and codes are bound to. */
  deviceId: string
}

/** A proof's `ath`: the session token's SHA-256, base64url, as RFC 9449 §4.2 spells it. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('base64url')

/**
 * Checks proofs for one services instance. A proof is good once: its id is remembered until it would
 * be stale anyway (per instance; its time window bounds what another instance could replay).
 */
export function createDeviceProofs(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const seen = new Map<string, number>()
  const forget = (nowS: number) => {
    for (const [id, until] of seen) {
      if (until > nowS) break
      seen.delete(id)
    }
  }

  return async function verifyDeviceProof(
    proof: string | undefined,
    request: { method: string; url: URL; token: string | undefined },
  ): Promise<ProvenDevice> {
    if (!proof) throw new HttpError(401, DeviceProofText.MISSING)
    const header = (() => {
      try {
        return decodeProtectedHeader(proof)
      } catch {
        throw new HttpError(401, DeviceProofText.INVALID)
      }
    })()
    if (header.typ !== 'dpop+jwt' || header.alg !== 'ES256' || header.jwk?.kty !== 'EC' || 'd' in header.jwk)
      throw new HttpError(401, DeviceProofText.INVALID)
    const payload = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] }).then(
      (verified) => verified.payload,
      (error: unknown) => {
        if (error instanceof errors.JOSEError) throw new HttpError(401, DeviceProofText.INVALID)
        throw error
      },
    )
    const claims = ProofClaims.safeParse(payload)
    if (!claims.success) throw new HttpError(401, DeviceProofText.INVALID)
    const { htm, htu, iat, jti, ath } = claims.data
    if (htm !== request.method || htu !== `${request.url.origin}${request.url.pathname}`)
      throw new HttpError(401, DeviceProofText.INVALID)
    if (request.token !== undefined && ath !== tokenDigest(request.token))
      throw new HttpError(401, DeviceProofText.INVALID)
    const nowS = Math.floor(now() / 1000)
    if (Math.abs(nowS - iat) > PROOF_WINDOW_S) throw new HttpError(401, DeviceProofText.STALE)
    forget(nowS)
    if (seen.has(jti)) throw new HttpError(401, DeviceProofText.REPLAYED)
    // A flood of proofs (each from a key of its own) costs its oldest entries, never unbounded memory.
    if (seen.size >= MAX_REMEMBERED) seen.delete(seen.keys().next().value as string)
    seen.set(jti, iat + PROOF_WINDOW_S)
    return { deviceId: await calculateJwkThumbprint(header.jwk, 'sha256') }
  }
}
