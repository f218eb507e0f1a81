import { type Address, sha256, toBytes } from 'viem'
import { decodeBytes, encodeBytes } from './base64url.ts'

/** What the services keep of a passkey: which credential, and the PRF input its output is asked for with. */
export interface PasskeyRef {
  credentialId: string
  salt: string
}

export type PasskeyFailure = 'cancelled' | 'other-account' | 'unsupported'

/** A passkey step that did not give the recovery key; `failure` picks the sentence the frame shows. */
export class PasskeyError extends Error {
  constructor(readonly failure: PasskeyFailure) {
    super(`passkey ${failure}`)
  }
}

interface PrfResults {
  prf?: { enabled?: boolean; results?: { first?: BufferSource } }
}

const SALT_BYTES = 32
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))

/** The browser's refusals as the user sees them: a closed prompt, no passkey here, or no support. */
function failureOf(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return new PasskeyError('cancelled')
  return new PasskeyError('unsupported')
}

const prfOutputOf = (credential: PublicKeyCredential): BufferSource | undefined =>
  (credential.getClientExtensionResults() as PrfResults).prf?.results?.first

async function getPrf(salt: Uint8Array<ArrayBuffer>, credentialId?: Uint8Array<ArrayBuffer>) {
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: random(32),
      userVerification: 'required',
      // Without a list the browser offers every passkey of this site, so a user who picks another
      // account's is told so in words rather than meeting an empty prompt.
      ...(credentialId ? { allowCredentials: [{ type: 'public-key', id: credentialId }] } : {}),
      extensions: { prf: { eval: { first: salt } } } as AuthenticationExtensionsClientInputs,
    },
  })) as PublicKeyCredential | null
  if (!credential) throw new PasskeyError('cancelled')
  return credential
}

/**
 * Makes a passkey for this wallet and asks it for its PRF output, the secret the recovery share is
 * sealed under. The user handle is derived from the address, so a second passkey for the same
 * wallet replaces the first on an authenticator rather than piling up beside it.
 */
export async function createRecoveryPasskey(
  email: string,
  address: Address,
): Promise<PasskeyRef & { prfOutput: BufferSource }> {
  if (typeof PublicKeyCredential === 'undefined') throw new PasskeyError('unsupported')
  const salt = random(SALT_BYTES)
  try {
    const created = (await navigator.credentials.create({
      publicKey: {
        rp: { name: 'Portico wallet' },
        user: {
          id: toBytes(sha256(toBytes(address.toLowerCase()))).slice(0, 16),
          name: email,
          displayName: email,
        },
        challenge: random(32),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        extensions: { prf: { eval: { first: salt } } } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential | null
    if (!created) throw new PasskeyError('cancelled')
    const id = new Uint8Array(created.rawId)
    const extension = (created.getClientExtensionResults() as PrfResults).prf
    if (extension?.enabled === false || extension === undefined) throw new PasskeyError('unsupported')
    // Some authenticators answer PRF only when asked to sign in, not at creation.
    const prfOutput = prfOutputOf(created) ?? prfOutputOf(await getPrf(salt, id))
    if (!prfOutput) throw new PasskeyError('unsupported')
    return { credentialId: encodeBytes(id), salt: encodeBytes(salt), prfOutput }
  } catch (error) {
    throw failureOf(error)
  }
}

/** The PRF output of the wallet's passkey, once the user has picked it and proven it is theirs. */
export async function unlockRecoveryPasskey(ref: PasskeyRef): Promise<BufferSource> {
  if (typeof PublicKeyCredential === 'undefined') throw new PasskeyError('unsupported')
  try {
    const credential = await getPrf(decodeBytes(ref.salt))
    if (encodeBytes(new Uint8Array(credential.rawId)) !== ref.credentialId)
      throw new PasskeyError('other-account')
    const prfOutput = prfOutputOf(credential)
    if (!prfOutput) throw new PasskeyError('unsupported')
    return prfOutput
  } catch (error) {
    throw failureOf(error)
  }
}
