import type { Generated } from 'kysely'

/** Row types of migrations 0015_wc_relay and 0022_abuse_limits. */
export interface WcRelayTables {
  wc_relay_messages: WcRelayMessagesTable
  wc_relay_acks: { message_id: string | number; client_id: string }
  /** When a client last subscribed to each topic: only those keep messages for their full TTL. */
  wc_relay_topics: { topic: string; subscribed_at: Date }
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
  /** The message's size in bytes, what the mailbox's caps count. */
  bytes: Generated<number>
  /** The publishing socket's IP and project. */
  ip: Generated<string>
  project_id: Generated<string>
}
