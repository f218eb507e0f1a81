import { type Client, type Hex, verifyMessage as verifyEoaMessage } from 'viem'
import { verifyMessage } from 'viem/actions'
import { toEpochMs } from './datetime.ts'
import { parseSiweMessage, type SiweFields, SiweMessageError } from './message.ts'

export type SiweFailure =
  | 'invalid message'
  | 'domain mismatch'
  | 'nonce mismatch'
  | 'expired'
  | 'not yet valid'
  | 'invalid signature'

export type SiweVerification = { success: true; fields: SiweFields } | { success: false; reason: SiweFailure }

export interface VerifySiweParameters {
  message: string
  signature: string
  /** The authority the message must name (domain binding); unchecked when absent. */
  domain?: string | undefined
  /** The nonce the verifier handed out; unchecked when absent. */
  nonce?: string | undefined
  /** The moment the message must be valid at; now by default. */
  time?: Date | undefined
  /**
   * A client on the message's chain. With it, contract accounts verify too (ERC-1271, and
   * ERC-6492 for accounts not deployed yet); without it only EOA signatures can.
   */
  client?: Client | undefined
}

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

/** Domain binding, nonce and validity window of a parsed message, without the signature. */
export function checkSiweFields(
  fields: SiweFields,
  expected: Pick<VerifySiweParameters, 'domain' | 'nonce' | 'time'>,
): SiweFailure | undefined {
  if (expected.domain !== undefined && fields.domain !== expected.domain) return 'domain mismatch'
  if (expected.nonce !== undefined && fields.nonce !== expected.nonce) return 'nonce mismatch'
  const now = (expected.time ?? new Date()).getTime()
  if (fields.expirationTime !== undefined && now >= toEpochMs(fields.expirationTime)) return 'expired'
  if (fields.notBefore !== undefined && now < toEpochMs(fields.notBefore)) return 'not yet valid'
  return undefined
}
