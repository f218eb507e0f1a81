import { type Kysely, sql } from 'kysely'

/**
 * Analytics ingest (`POST /e`): the events themselves, and one request counter per project and
 * client IP so every instance on the database enforces the same limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    // The SDK's own id: a retried send hits the primary key and is stored once.
    .addColumn('event_id', 'uuid', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('error_type', 'text')
    .addColumn('error_message', 'text')
    .addColumn('stack_trace', 'text')
    .addColumn('properties', 'jsonb')
    .execute()
  await db.schema
    .createIndex('analytics_events_project_received')
    .on('analytics_events')
    .columns(['project_id', 'received_at'])
    .execute()
  // The retention prune deletes by age across projects.
  await db.schema
    .createIndex('analytics_events_received')
    .on('analytics_events')
    .column('received_at')
    .execute()

  await db.schema
    .createTable('analytics_rate_limits')
    .addColumn('project_id', 'text', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
    .addColumn('events', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_rate_limits_pkey', ['project_id', 'ip'])
    .execute()
  await db.schema
    .createIndex('analytics_rate_limits_window')
    .on('analytics_rate_limits')
    .column('window_started_at')
    .execute()
}
