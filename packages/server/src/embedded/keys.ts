import { type Hex, toHex } from 'viem'
import { openEnvelope, sealEnvelope } from './envelope.ts'

/** The two shares of a user's key the services keep (the third stays on the user's device). */
type SealedShareKind = 'server' | 'recovery'

/**
 * Key custody since key shares: the services hold two shares of each key, sealed apart —
 * the server share under MASTER_KEY, the recovery share under RECOVERY_KEY, which operators keep
 * away from the database and MASTER_KEY — so the database and MASTER_KEY together give one share,
 * and one share gives nothing. The services never combine shares and never sign. Each envelope is
 * bound to its user and its use (`share:<id>`, `recovery:<id>`), so none opens in another place.
 */
export interface KeyVault {
  sealShare(kind: SealedShareKind, userId: string, share: Uint8Array): string
  openShare(kind: SealedShareKind, userId: string, sealed: string): Buffer
  /**
   * The whole key of a user from before key shares, sealed under MASTER_KEY with the bare user id
   * as associated data; opened only to hand it to the frame once, which reshares it.
   */
  openLegacyKey(userId: string, sealed: string): Hex
}

export interface VaultKeys {
  masterKey: Buffer
  recoveryKey: Buffer
}

export function createKeyVault({ masterKey, recoveryKey }: VaultKeys): KeyVault {
  if (masterKey.length !== 32) throw new Error('MASTER_KEY must be 32 bytes (64 hex characters)')
  if (recoveryKey.length !== 32) throw new Error('RECOVERY_KEY must be 32 bytes (64 hex characters)')
  if (masterKey.equals(recoveryKey))
    throw new Error(
      'RECOVERY_KEY must differ from MASTER_KEY: keep it apart from the database and MASTER_KEY',
    )
  const seals = {
    server: { key: masterKey, associatedData: (userId: string) => `share:${userId}` },
    recovery: { key: recoveryKey, associatedData: (userId: string) => `recovery:${userId}` },
  }
  return {
    sealShare: (kind, userId, share) =>
      sealEnvelope(seals[kind].key, seals[kind].associatedData(userId), share),
    openShare: (kind, userId, sealed) =>
      openEnvelope(seals[kind].key, seals[kind].associatedData(userId), sealed),
    openLegacyKey: (userId, sealed) => toHex(openEnvelope(masterKey, userId, sealed)),
  }
}
