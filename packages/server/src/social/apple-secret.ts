import { importPKCS8, SignJWT } from 'jose'
import type { AppleKey } from './config.ts'

/** Apple accepts a client secret for up to six months; one made per token request needs minutes. */
const SECRET_LIFETIME_S = 300

/**
 * Apple's client secret (Sign in with Apple, "Creating a client secret"): an ES256 JWT from the
 * team's key, issued by the team to the issuer for the services id. Checked at start: a key that
 * is no P-256 PKCS#8 key stops the start with one line.
 */
export async function appleSecretMaker(
  key: AppleKey,
  clientId: string,
  audience: string,
): Promise<() => Promise<string>> {
  const privateKey = await importPKCS8(key.privateKey, 'ES256').catch(() => {
    throw new Error('social.apple: the private key must be the .p8 file’s PEM text (an ES256 key)')
  })
  return () =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(clientId)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${SECRET_LIFETIME_S}s`)
      .sign(privateKey)
}
