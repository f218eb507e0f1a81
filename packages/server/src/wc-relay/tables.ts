import type { Generated } from 'kysely'

/** Row types of migration 0015_wc_relay. */
export interface WcRelayTables {
  wc_relay_messages: WcRelayMessagesTable
  wc_relay_acks: { message_id: string | number; client_id: string }
}

interface WcRelayMessagesTable {
  /** bigint: comes back as a string. */
  id: Generated<string>
  /** 64 lower-case hex characters. */
  topic: string
  /** As published: the clients' encrypted envelope, base64. */
  message: string
  /** sha256 of the message, hex: a retried publish is stored once. */
  message_hash: string
  tag: string | number
  attestation: string | null
  /** The publishing client's id (its `did:key`), never sent the message back. */
  publisher: string
  published_at: Date
  expires_at: Date
}
