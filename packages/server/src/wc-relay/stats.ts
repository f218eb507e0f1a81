import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { mailboxSize } from './quota.ts'

/**
 * What the relay reports to `/health/ready`: its sockets on this instance (kept up to date by the
 * relay) and the shared mailbox against its cap.
 */
export class RelayGauge {
  sockets = 0
  maxMailboxBytes = 0

  async read(db: Kysely<Tables>) {
    return {
      sockets: this.sockets,
      mailbox: { ...(await mailboxSize(db)), maxBytes: this.maxMailboxBytes },
    }
  }
}
