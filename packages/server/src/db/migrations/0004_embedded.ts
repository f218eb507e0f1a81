import { type Kysely, sql } from 'kysely'

/** Embedded-wallet users, their devices and sessions, one-time codes and the mail send log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('embedded_users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('address', 'text', (column) => column.notNull())
    // AES-256-GCM envelope under the master key; the plaintext key never reaches the database.
    .addColumn('encrypted_key', 'text', (column) => column.notNull())
    .addColumn('preferred_account_type', 'text', (column) => column.notNull().defaultTo('eoa'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('embedded_devices')
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('embedded_users.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('approval_token_hash', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embedded_devices_pkey', ['user_id', 'device_id'])
    .execute()

  await db.schema
    .createTable('embedded_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('embedded_users.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('embedded_otps')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('embedded_otps_email')
    .on('embedded_otps')
    .columns(['email', 'purpose'])
    .execute()

  // One row per address: the 30 s resend cooldown is a single conditional upsert, so two server
  // instances on one database cannot both send.
  await db.schema
    .createTable('embedded_mail_cooldowns')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('last_sent_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('embedded_mail_log')
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('embedded_mail_log_email')
    .on('embedded_mail_log')
    .columns(['email', 'sent_at'])
    .execute()
  await db.schema
    .createIndex('embedded_mail_log_ip')
    .on('embedded_mail_log')
    .columns(['ip', 'sent_at'])
    .execute()
}
