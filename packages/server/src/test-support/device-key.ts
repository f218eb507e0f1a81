import {
  createHash,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto'
import { tokenDigest } from '../embedded/device-proof.ts'

/**
 * The secure frame's device key, made in Node for the services' tests: a P-256 key whose thumbprint is
 * the device id, and the proof (a DPoP JWT) the frame sends with every `/v1/auth` request.
 */
interface DeviceKey {
  privateKey: KeyObject
  jwk: { kty: string; crv: string; x: string; y: string }
}

const keys = new Map<string, DeviceKey>()
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** A new device: its id (the key's RFC 7638 thumbprint); the key stays here, as it stays in the frame. */
export function newDevice(): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' }) as Required<JsonWebKey>
  const jwk = { kty, crv, x, y } as DeviceKey['jwk']
  const id = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url')
  keys.set(id, { privateKey, jwk })
  return id
}

/** The proof `device` signs for one request; `at` moves its time (seconds) for the tests of stale proofs. */
export function deviceProof(
  device: string,
  request: { method?: string; url: string; token?: string | undefined; at?: number },
): string {
  const key = keys.get(device)
  if (!key) throw new Error(`no key for device ${device}: make devices with newDevice()`)
  const url = new URL(request.url)
  const header = base64url(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.jwk }))
  const payload = base64url(
    JSON.stringify({
      htm: request.method ?? 'POST',
      htu: `${url.origin}${url.pathname}`,
      iat: request.at ?? Math.floor(Date.now() / 1000),
      jti: randomBytes(16).toString('base64url'),
      ...(request.token ? { ath: tokenDigest(request.token) } : {}),
    }),
  )
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  })
  return `${header}.${payload}.${base64url(signature)}`
}
