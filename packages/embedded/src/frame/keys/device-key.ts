import { encodeBytes } from './base64url.ts'

/**
 * This browser's device key: a P-256 key pair made here, its private half non-extractable, so no
 * script (the frame's own included) can read it out; only this origin's storage keeps it. Every call
 * to the services carries a proof signed with it (DPoP, RFC 9449), and the device id is its public
 * key's thumbprint: sessions and login codes are bound to the key, not to a string that can be copied.
 */
export interface DeviceKey {
  /** RFC 7638 thumbprint of the public key, base64url. */
  id: string
  /** The proof for one `POST` to `url`, bound to `token` when the request carries one. */
  prove(url: string, token: string | undefined): Promise<string>
}

/** Where the key pair is kept (IndexedDB in the browser). */
export interface DeviceKeyStore {
  read(): Promise<CryptoKeyPair | undefined>
  /** Keeps `pair` unless another tab kept one first; answers the pair to use. */
  keep(pair: CryptoKeyPair): Promise<CryptoKeyPair>
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const
const text = new TextEncoder()
const base64urlText = (value: string) => encodeBytes(text.encode(value))

async function sha256(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', text.encode(value)))
}

export async function loadDeviceKey(store: DeviceKeyStore): Promise<DeviceKey> {
  const pair =
    (await store.read()) ??
    (await store.keep(await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])))
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const jwk = { kty, crv, x, y }
  // The thumbprint's members in lexicographic order, no spaces (RFC 7638 §3).
  const id = encodeBytes(await sha256(JSON.stringify({ crv, kty, x, y })))
  const header = base64urlText(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk }))
  return {
    id,
    async prove(url, token) {
      const target = new URL(url, location.href)
      const claims = {
        htm: 'POST',
        htu: `${target.origin}${target.pathname}`,
        iat: Math.floor(Date.now() / 1000),
        jti: encodeBytes(crypto.getRandomValues(new Uint8Array(16))),
        ...(token ? { ath: encodeBytes(await sha256(token)) } : {}),
      }
      const input = `${header}.${base64urlText(JSON.stringify(claims))}`
      // WebCrypto's ECDSA signature is r ‖ s, the form JWS's ES256 takes.
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        pair.privateKey,
        text.encode(input),
      )
      return `${input}.${encodeBytes(new Uint8Array(signature))}`
    },
  }
}
