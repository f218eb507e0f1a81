import { type Kysely, sql } from 'kysely'

/**
 * A user may move recovery from the operator to a passkey: the frame re-splits the key
 * and seals the new recovery share under the passkey's PRF output, so RECOVERY_KEY no longer opens
 * a share. The passkey's credential id and PRF salt are kept so a new device can ask for the same
 * passkey; `resplit_at` is the proof's time of the last re-split, so an older body replayed cannot
 * bring back shares that were replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('embedded_key_shares')
    .addColumn('passkey_credential_id', 'text')
    .addColumn('passkey_salt', 'text')
    .addColumn('resplit_at', 'timestamptz')
    .execute()
  await db.schema
    .alterTable('embedded_key_shares')
    .addCheckConstraint(
      'embedded_key_shares_passkey',
      sql`(recovery_kind = 'passkey' and passkey_credential_id is not null and passkey_salt is not null)
        or (recovery_kind = 'operator' and passkey_credential_id is null and passkey_salt is null)`,
    )
    .execute()
}
