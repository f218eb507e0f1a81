import type { Generated, JSONColumnType } from 'kysely'

/** Row types of migration 0014_names. */
export interface NameTables {
  account_names: AccountNamesTable
  account_name_rate_limits: { ip: string; window_started_at: Date; attempts: number }
}

interface AccountNamesTable {
  /** The label lower-cased: names are unique whatever their case. */
  label_key: string
  /** The label as its owner wrote it. */
  label: string
  /** Lower-case 0x address. */
  address: string
  /** ENSIP-11 coin type of the chain the address is on; bigint columns come back as strings. */
  coin_type: string | number
  attributes: JSONColumnType<Record<string, string>>
  is_primary: boolean
  registered_at: Generated<Date>
  updated_at: Generated<Date>
}
