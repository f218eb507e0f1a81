import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { DEV_FARCASTER_ACCOUNTS } from '../farcaster/dev-accounts.ts'

export const PAGE = 'https://wallet.example'
export const [ALICE, BOB] = DEV_FARCASTER_ACCOUNTS as [
  (typeof DEV_FARCASTER_ACCOUNTS)[number],
  (typeof DEV_FARCASTER_ACCOUNTS)[number],
]

/** A Sign In With Farcaster message as the Farcaster app makes it, with any field overridden. */
export function farcasterMessage(fields: {
  signer: PrivateKeyAccount
  fid: number
  nonce: string
  domain?: string
  expirationTime?: Date
}): string {
  return createSiweMessage({
    domain: fields.domain ?? 'wallet.example',
    address: fields.signer.address,
    statement: 'Farcaster Auth',
    uri: `${PAGE}/login`,
    version: '1',
    chainId: 10,
    nonce: fields.nonce,
    issuedAt: new Date(),
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    resources: [`farcaster://fid/${fields.fid}`],
  })
}

export async function signedBody(
  fields: Parameters<typeof farcasterMessage>[0],
  claimedFid = fields.fid,
): Promise<{ message: string; signature: Hex; fid: number; username: string }> {
  const message = farcasterMessage(fields)
  return {
    message,
    signature: await fields.signer.signMessage({ message }),
    fid: claimedFid,
    username: 'alice',
  }
}
