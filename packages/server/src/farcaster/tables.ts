import type { Generated, Selectable } from 'kysely'

/** Row types of migration 0018_farcaster_channels (and 0025's device). */
export interface FarcasterTables {
  farcaster_channels: ChannelTable
}

export type ChannelRow = Selectable<ChannelTable>

interface ChannelTable {
  /** SHA-256 of the channel token: the token is a bearer credential and is never stored. */
  token_hash: string
  project_id: string
  /** The SIWE fields the app asked for; the signed message must carry the nonce and domain. */
  nonce: string
  domain: string
  siwe_uri: string
  not_before: string | null
  expiration_time: string | null
  request_id: string | null
  redirect_url: string | null
  accept_auth_address: boolean
  /** Opened on Farcaster's relay, where the Farcaster app completes it; read from there until then. */
  upstream: Generated<boolean>
  /**
   * The device whose secure frame opened the channel, which alone may log in with it; null for a
   * channel a page opened (Sign In With Farcaster for the dapp itself), which never logs in.
   */
  device_id: string | null
  /** Who opened the channel, shown in the status as the public relay shows it. */
  ip: string
  user_agent: string
  message: string | null
  signature: string | null
  auth_method: 'custody' | 'authAddress' | null
  /** node-postgres returns bigint as a string and PGlite as a number: readers convert. */
  fid: string | number | null
  /** Lower-case 0x address that signed the message: the fid's custody address, or an auth address of it. */
  signer: string | null
  username: string | null
  display_name: string | null
  bio: string | null
  pfp_url: string | null
  completed_at: Date | null
  consumed_at: Date | null
  expires_at: Date
  created_at: Generated<Date>
}
