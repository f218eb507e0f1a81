import { type Hex, keccak256, stringToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

/** A Farcaster account of the development stand-in: its fid, profile and custody key. */
export interface DevFarcasterAccount {
  fid: number
  username: string
  displayName: string
  bio: string
  custody: PrivateKeyAccount
}

/**
 * Each custody key is the hash of a fixed text: the same three accounts on every machine and
 * every start, so a fid keeps its embedded wallet across restarts. Public by construction — they
 * sign development sign-ins only and are never accepted by the Optimism registry of production.
 */
const devKey = (fid: number): Hex => keccak256(stringToHex(`portico development farcaster custody ${fid}`))

const account = (fid: number, username: string, displayName: string, bio: string): DevFarcasterAccount => ({
  fid,
  username,
  displayName,
  bio,
  custody: privateKeyToAccount(devKey(fid)),
})

/** The development stand-in's accounts, what the `/dev/farcaster` page offers to sign in as. */
export const DEV_FARCASTER_ACCOUNTS: readonly DevFarcasterAccount[] = [
  account(20001, 'alice', 'Alice (dev)', 'First development account'),
  account(20002, 'bob', 'Bob (dev)', 'Second development account'),
  account(20003, 'carol', 'Carol (dev)', 'Third development account'),
]
