import { createAppClient, verifySignInMessage } from '@farcaster/auth-client'
import type { Address, Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { FarcasterRegistry } from './registry.ts'

/** A signed Sign In With Farcaster message and what it must match. */
export interface SignInToCheck {
  message: string
  signature: Hex
  /** The channel's nonce and domain: the message must carry exactly these. */
  nonce: string
  domain: string
  /** The fid the sender claims; the message's `farcaster://fid/<fid>` resource must name the same. */
  fid: number
  acceptAuthAddress: boolean
}

export interface VerifiedSignIn {
  fid: number
  /** The address that signed: the fid's custody address, or one of its auth addresses. */
  signer: Address
  authMethod: 'custody' | 'authAddress'
}

/** Why a sign-in was refused, in words the person signing in may read. */
export class FarcasterSignInRefused extends Error {
  override name = 'FarcasterSignInRefused'
}

/** A registry that does not answer: the caller may try again later. */
export class FarcasterRegistryUnavailable extends Error {
  override name = 'FarcasterRegistryUnavailable'
}

/**
 * `@farcaster/auth-client`'s own checks (EIP-4361 fields and times, statement, chain 10, one fid
 * resource, nonce, domain, signature, then the signer's fid on the registry) plus one of ours: the
 * fid the sender claims is the fid the message names.
 */
export async function verifyFarcasterSignIn(
  registry: FarcasterRegistry,
  signIn: SignInToCheck,
  now = new Date(),
): Promise<VerifiedSignIn> {
  const timeProblem = outsideItsTime(signIn.message, now)
  if (timeProblem) throw new FarcasterSignInRefused(timeProblem)
  const client = createAppClient({ ethereum: registry })
  const result = await verifySignInMessage(client, {
    message: signIn.message,
    signature: signIn.signature,
    nonce: signIn.nonce,
    domain: signIn.domain,
    acceptAuthAddress: signIn.acceptAuthAddress,
  })
  if (result.isError) {
    const error = result.error
    if (error?.errCode === 'unavailable') throw new FarcasterRegistryUnavailable(error.message)
    throw new FarcasterSignInRefused(refusalText(error?.message))
  }
  if (result.fid !== signIn.fid)
    throw new FarcasterSignInRefused(
      `The message signs in fid ${result.fid}, not the fid ${signIn.fid} it was sent for`,
    )
  return { fid: result.fid, signer: result.data.address, authMethod: result.authMethod }
}

/** auth-client refuses these too, but says only "Invalid message". */
function outsideItsTime(message: string, now: Date): string | undefined {
  const { expirationTime, notBefore } = parseSiweMessage(message)
  if (expirationTime && expirationTime <= now) return `The message expired at ${expirationTime.toISOString()}`
  if (notBefore && notBefore > now) return `The message is not valid before ${notBefore.toISOString()}`
  return undefined
}

/** auth-client says "Invalid message" for a message out of its time window, among others. */
function refusalText(message: string | undefined): string {
  if (!message || message === 'Invalid message')
    return 'The message is not a valid sign-in message, or it has expired or is not valid yet'
  return message
}
