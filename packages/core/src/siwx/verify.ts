import { type Client, type Hex, verifyMessage as verifyEoaMessage } from 'viem'
import { verifyMessage } from 'viem/actions'
import { toEpochMs } from './datetime.ts'
import { parseSiweMessage, type SiweFields, SiweMessageError } from './message.ts'

/** What `checkSiweFields` can find wrong with a well-formed message. */
export type SiweFieldFailure =
  | 'domain mismatch'
  | 'uri mismatch'
  | 'nonce mismatch'
  | 'issued before nonce'
  | 'issued in the future'
  | 'expired'
  | 'not yet valid'

type SiweFailure = 'invalid message' | SiweFieldFailure | 'invalid signature'

export type SiweVerification = { success: true; fields: SiweFields } | { success: false; reason: SiweFailure }

export interface VerifySiweParameters {
  message: string
  signature: string
  /** The authority the message must name (domain binding); unchecked when absent. */
  domain?: string | undefined
  /**
   * The origins the message's URI may be on, e.g. the page asking; unchecked when absent. Without
   * it, a signed message naming the right domain could still send the user's wallet to another URI.
   */
  uriOrigins?: readonly string[] | undefined
  /** The nonce the verifier handed out; unchecked when absent. */
  nonce?: string | undefined
  /**
   * When that nonce was handed out. With it, Issued At must lie between then and `time`, give or
   * take ISSUED_AT_SKEW_MS: a message cannot have been written before its nonce existed, nor later
   * than now. Unchecked when absent.
   */
  nonceIssuedAt?: Date | undefined
  /** The moment the message must be valid at; now by default. */
  time?: Date | undefined
  /**
   * A client on the message's chain. With it, contract accounts verify too (ERC-1271, and
   * ERC-6492 for accounts not deployed yet); without it only EOA signatures can.
   */
  client?: Client | undefined
}

/** How far the signer's clock may be off from the verifier's when Issued At is checked. */
export const ISSUED_AT_SKEW_MS = 60_000

/** The checks a sign-in must pass, cheapest first: the text, binding, time, then the signature. */
export async function verifySiweMessage(parameters: VerifySiweParameters): Promise<SiweVerification> {
  let fields: SiweFields
  try {
    fields = parseSiweMessage(parameters.message)
  } catch (error) {
    if (error instanceof SiweMessageError) return { success: false, reason: 'invalid message' }
    throw error
  }
  const failure = checkSiweFields(fields, parameters)
  if (failure) return { success: false, reason: failure }
  if (!/^0x[0-9a-fA-F]+$/.test(parameters.signature)) return { success: false, reason: 'invalid signature' }
  const signature = parameters.signature as Hex
  try {
    const valid = parameters.client
      ? await verifyMessage(parameters.client, {
          address: fields.address,
          message: parameters.message,
          signature,
        })
      : await verifyEoaMessage({ address: fields.address, message: parameters.message, signature })
    return valid ? { success: true, fields } : { success: false, reason: 'invalid signature' }
  } catch {
    // A malformed signature makes viem throw rather than answer false; for the caller both are "no".
    return { success: false, reason: 'invalid signature' }
  }
}

/** Domain and URI binding, nonce, issue time and validity window of a parsed message, without the signature. */
export function checkSiweFields(
  fields: SiweFields,
  expected: Pick<VerifySiweParameters, 'domain' | 'uriOrigins' | 'nonce' | 'nonceIssuedAt' | 'time'>,
): SiweFieldFailure | undefined {
  if (expected.domain !== undefined && fields.domain !== expected.domain) return 'domain mismatch'
  if (
    expected.uriOrigins !== undefined &&
    !expected.uriOrigins.some((origin) => sameOrigin(fields.uri, origin))
  )
    return 'uri mismatch'
  if (expected.nonce !== undefined && fields.nonce !== expected.nonce) return 'nonce mismatch'
  const now = (expected.time ?? new Date()).getTime()
  if (expected.nonceIssuedAt !== undefined) {
    const issuedAt = toEpochMs(fields.issuedAt)
    if (issuedAt < expected.nonceIssuedAt.getTime() - ISSUED_AT_SKEW_MS) return 'issued before nonce'
    if (issuedAt > now + ISSUED_AT_SKEW_MS) return 'issued in the future'
  }
  if (fields.expirationTime !== undefined && now >= toEpochMs(fields.expirationTime)) return 'expired'
  if (fields.notBefore !== undefined && now < toEpochMs(fields.notBefore)) return 'not yet valid'
  return undefined
}

/** URLs compared as browsers do: scheme, host and port, with default ports and case folded. */
function sameOrigin(uri: string, origin: string): boolean {
  try {
    const actual = new URL(uri).origin
    // Opaque origins (`did:…`, `urn:…`) all read "null" and belong to no site.
    return actual !== 'null' && actual === new URL(origin).origin
  } catch {
    return false
  }
}
