import type { Kysely, Selectable } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { RotationKind } from './tables.ts'

/** A rotation waiting to be finished, as the routes read it. */
export type PendingRotation = Omit<Selectable<Tables['embedded_key_rotations']>, 'created_at'>

export function pendingRotation(db: Kysely<Tables>, userId: string): Promise<PendingRotation | undefined> {
  return db
    .selectFrom('embedded_key_rotations')
    .select([
      'user_id',
      'kind',
      'old_address',
      'new_address',
      'account',
      'server_share',
      'recovery_share',
      'passkey_credential_id',
      'passkey_salt',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export interface NewRotation {
  userId: string
  kind: RotationKind
  oldAddress: string
  newAddress: string
  account: string | null
  /** Both sealed already (keys.ts); the recovery share was sealed under the passkey first. */
  serverShare: string
  recoveryShare: string
  credentialId: string
  salt: string
}

/** Keeps a rotation's new shares until it is finished; a new start replaces one not finished. */
export async function beginRotation(db: Kysely<Tables>, rotation: NewRotation): Promise<void> {
  const row = {
    kind: rotation.kind,
    old_address: rotation.oldAddress,
    new_address: rotation.newAddress,
    account: rotation.account,
    server_share: rotation.serverShare,
    recovery_share: rotation.recoveryShare,
    passkey_credential_id: rotation.credentialId,
    passkey_salt: rotation.salt,
  }
  await db
    .insertInto('embedded_key_rotations')
    .values({ user_id: rotation.userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute()
}

/**
 * Switches the user to the rotation's key in one transaction: the address (and, for a smart
 * account, the account it now owns), the shares (passkey recovery, nothing earlier), and the
 * rotation row is gone. Only while the user's key is still the one the rotation replaces; false
 * otherwise (finished already, or another rotation won).
 */
export function finishRotation(db: Kysely<Tables>, rotation: PendingRotation): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('embedded_users')
      .set({
        address: rotation.new_address,
        // An EOA's new key has its own counterfactual account; a smart account stays where it is.
        smart_account: rotation.kind === 'smartAccount' ? rotation.account : null,
      })
      .where('id', '=', rotation.user_id)
      .where('address', '=', rotation.old_address)
      .executeTakeFirst()
    if (moved.numUpdatedRows !== 1n) return false
    await trx
      .updateTable('embedded_key_shares')
      .set({
        server_share: rotation.server_share,
        recovery_share: rotation.recovery_share,
        recovery_kind: 'passkey',
        passkey_credential_id: rotation.passkey_credential_id,
        passkey_salt: rotation.passkey_salt,
        resplit_at: null,
        earlier_shares: false,
      })
      .where('user_id', '=', rotation.user_id)
      .execute()
    await trx.deleteFrom('embedded_key_rotations').where('user_id', '=', rotation.user_id).execute()
    return true
  })
}
