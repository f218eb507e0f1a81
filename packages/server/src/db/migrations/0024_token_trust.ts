import { type Kysely, sql } from 'kysely'

/**
 * When the indexer last moved its cursor, so readiness can tell indexing that is stuck from a
 * chain that is quiet; and token names and symbols stored before they were cleaned on the way in
 * are cleaned and capped like new ones (indexer/token-text.ts: control, bidirectional and
 * zero-width characters out, name 64 and symbol 32 characters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chain_cursors')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  const unsafe = sql.lit(
    '[\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]',
  )
  await sql`update chain_tokens set
      name = left(btrim(regexp_replace(name, ${unsafe}, '', 'g')), 64),
      symbol = left(btrim(regexp_replace(symbol, ${unsafe}, '', 'g')), 32)
    where length(name) > 64 or length(symbol) > 32 or name ~ ${unsafe} or symbol ~ ${unsafe}`.execute(db)
  await sql`update chain_nft_items set name = left(btrim(regexp_replace(name, ${unsafe}, '', 'g')), 64)
    where length(name) > 64 or name ~ ${unsafe}`.execute(db)
}
