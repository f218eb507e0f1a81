import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, farcasterMessage } from '../test-support/farcaster-messages.ts'
import { DEV_FARCASTER_ACCOUNTS } from './dev-accounts.ts'
import { devRegistry } from './registry.ts'
import { FarcasterSignInRefused, type SignInToCheck, verifyFarcasterSignIn } from './verify.ts'

const registry = devRegistry(DEV_FARCASTER_ACCOUNTS)
const NONCE = 'abcdefgh1234'

async function signIn(fields: Partial<Parameters<typeof farcasterMessage>[0]> = {}, claimed?: number) {
  const message = farcasterMessage({ signer: ALICE.custody, fid: ALICE.fid, nonce: NONCE, ...fields })
  const signature = await (fields.signer ?? ALICE.custody).signMessage({ message })
  return {
    message,
    signature,
    nonce: NONCE,
    domain: 'wallet.example',
    fid: claimed ?? fields.fid ?? ALICE.fid,
    acceptAuthAddress: true,
  } satisfies SignInToCheck
}

const refusal = async (check: SignInToCheck) => {
  const error = await verifyFarcasterSignIn(registry, check).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(FarcasterSignInRefused)
  return (error as Error).message
}

describe('verifyFarcasterSignIn on the development registry', () => {
  it("accepts a custody key's message for its own fid", async () => {
    await expect(verifyFarcasterSignIn(registry, await signIn())).resolves.toEqual({
      fid: ALICE.fid,
      signer: ALICE.custody.address,
      authMethod: 'custody',
    })
  })

  it('refuses a message for a fid the key does not own, or a fid other than the one claimed', async () => {
    expect(await refusal(await signIn({ fid: BOB.fid }))).toBe(
      `Invalid resource: signer ${ALICE.custody.address} is not an auth address or owner of fid ${BOB.fid}.`,
    )
    expect(await refusal(await signIn({}, BOB.fid))).toBe(
      `The message signs in fid ${ALICE.fid}, not the fid ${BOB.fid} it was sent for`,
    )
  })

  it('refuses an unknown key, another nonce or domain, and a message out of its time', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey())
    expect(await refusal(await signIn({ signer: stranger }))).toMatch(
      /is not an auth address or owner of fid/,
    )
    expect(await refusal({ ...(await signIn()), nonce: 'otherNonce99' })).toBe('Invalid nonce')
    expect(await refusal({ ...(await signIn()), domain: 'evil.example' })).toBe('Invalid domain')
    const expiry = new Date(Date.now() - 60_000)
    expect(await refusal(await signIn({ expirationTime: expiry }))).toBe(
      `The message expired at ${expiry.toISOString()}`,
    )
  })

  it('refuses a signature by another key than the message names', async () => {
    const check = await signIn()
    const signature = await BOB.custody.signMessage({ message: check.message })
    expect(await refusal({ ...check, signature })).toBe('Failed to verify message')
  })

  it('refuses a message that is not Farcaster sign-in (another statement or chain)', async () => {
    const check = await signIn()
    const message = check.message.replace('Chain ID: 10', 'Chain ID: 1')
    const signature = await ALICE.custody.signMessage({ message })
    expect(await refusal({ ...check, message, signature })).toBe('Chain ID must be 10')
  })
})
