import { type Kysely, sql } from 'kysely'

/**
 * Sign In With Farcaster's relay channels: one row per channel — ours, or one opened
 * on Farcaster's relay for the dapp —, found by the SHA-256 of its bearer token, pending until a signed message completes it, consumed once when the sign-in
 * is used, and pruned a while after its hour is up (the while answers a late poll with 410).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('farcaster_channels')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('siwe_uri', 'text', (column) => column.notNull())
    .addColumn('not_before', 'text')
    .addColumn('expiration_time', 'text')
    .addColumn('request_id', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('accept_auth_address', 'boolean', (column) => column.notNull())
    // Opened on Farcaster's relay (production): its status is read there until it completes.
    .addColumn('upstream', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull())
    // Set together by one update when a verified message completes the channel.
    .addColumn('message', 'text')
    .addColumn('signature', 'text')
    .addColumn('auth_method', 'text')
    .addColumn('fid', 'bigint')
    .addColumn('signer', 'text')
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('pfp_url', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('farcaster_channels_expires')
    .on('farcaster_channels')
    .column('expires_at')
    .execute()
}
