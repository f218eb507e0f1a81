import { type Kysely, sql } from 'kysely'

/**
 * Social login. A user may now have no e-mail address (a provider that shares none, or
 * one it does not say is verified), so `embedded_users.email` becomes optional. Each identity is
 * (provider, subject) and belongs to one user; a session remembers the identity it was opened with,
 * so the account view can show the provider and user name. A login attempt lives for minutes: the
 * popup's first page, the provider's answer and the frame's poll meet on it, its state is stored
 * as a keyed hash and spent once; an answer from another IP than the start waits for the person
 * to confirm it on the page (its token also stored as a keyed hash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('embedded_users')
    .alterColumn('email', (column) => column.dropNotNull())
    .execute()

  await db.schema
    .createTable('embedded_social_identities')
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('embedded_users.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', (column) => column.notNull())
    // As the provider last gave it; only a verified one was ever linked or made the user's address.
    .addColumn('email', 'text')
    .addColumn('email_verified', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embedded_social_identities_pkey', ['provider', 'subject'])
    .execute()
  await db.schema
    .createIndex('embedded_social_identities_user')
    .on('embedded_social_identities')
    .column('user_id')
    .execute()

  await db.schema
    .alterTable('embedded_sessions')
    .addColumn('social_provider', 'text')
    .addColumn('social_subject', 'text')
    .execute()

  await db.schema
    .createTable('embedded_social_attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('parent_origin', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    // What the confirmation page shows when the answer comes from another IP than the start.
    .addColumn('request_project', 'text', (column) => column.notNull())
    .addColumn('request_device', 'text', (column) => column.notNull())
    // created → redirected (the popup left for the provider) → exchanging (its answer arrived) →
    // done | failed, or confirming (another IP: the person confirms) → done; `taken` once the
    // frame's poll turned `done` into a session.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('state_hash', 'text', (column) => column.unique())
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    .addColumn('confirm_hash', 'text', (column) => column.unique())
    .addColumn('user_id', 'text', (column) => column.references('embedded_users.id').onDelete('cascade'))
    .addColumn('subject', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('embedded_social_attempts_ip')
    .on('embedded_social_attempts')
    .columns(['ip', 'created_at'])
    .execute()
}
