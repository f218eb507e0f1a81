import type { AnalyticsTables } from '../analytics/tables.ts'
import type { BundlerTables } from '../bundler/tables.ts'
import type { DashboardTables } from '../dashboard/tables.ts'
import type { EmbeddedTables } from '../embedded/tables.ts'
import type { FarcasterTables } from '../farcaster/tables.ts'
import type { ChainTables } from '../indexer/tables.ts'
import type { NameTables } from '../names/tables.ts'
import type { OnrampTables } from '../onramp/tables.ts'
import type { ProjectTables } from '../projects/tables.ts'
import type { SiwxTables } from '../siwx/tables.ts'
import type { SocialTables } from '../social/tables.ts'
import type { WcRelayTables } from '../wc-relay/tables.ts'

/**
 * Row types as the database stores them, one interface per domain beside its logic; the migrations
 * under `migrations/` are the source of truth.
 */
export interface Tables
  extends ProjectTables,
    ChainTables,
    SiwxTables,
    AnalyticsTables,
    EmbeddedTables,
    DashboardTables,
    NameTables,
    WcRelayTables,
    OnrampTables,
    FarcasterTables,
    SocialTables,
    BundlerTables {}
