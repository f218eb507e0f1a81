import { type Kysely, sql } from 'kysely'

/**
 * Sign-in with wallet: nonces handed out and the sessions they became. Both live in the database
 * so any instance can answer, and a restart forgets nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('siwx_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('siwx_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Only a hash of the bearer token is kept, so a leaked table grants no sessions.
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createIndex('siwx_sessions_project_address')
    .on('siwx_sessions')
    .columns(['project_id', 'address'])
    .execute()
}
