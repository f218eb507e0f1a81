import { type Kysely, sql } from 'kysely'

/** The channel every change to a project or its origins is announced on, with the project id. */
export const PROJECT_CHANGES_CHANNEL = 'portico_project_changes'

/**
 * Triggers rather than calls in the repository: a change made by hand in psql, by another
 * instance or by an older CLI is announced too, and only once its transaction commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function portico_project_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'projects' then
        perform pg_notify(${sql.lit(PROJECT_CHANGES_CHANNEL)}, coalesce(new.id, old.id));
      else
        perform pg_notify(${sql.lit(PROJECT_CHANGES_CHANNEL)}, coalesce(new.project_id, old.project_id));
      end if;
      return null;
    end
    $$`.execute(db)
  for (const table of ['projects', 'project_origins']) {
    await sql`
      create trigger ${sql.id(`${table}_changed`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function portico_project_changed()`.execute(db)
  }
}
