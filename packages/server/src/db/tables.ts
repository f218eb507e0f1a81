import type { Generated } from 'kysely'

/** Row types as the database stores them; the migrations under `migrations/` are the source of truth. */
export interface Tables {
  projects: ProjectsTable
  project_origins: ProjectOriginsTable
}

export interface ProjectsTable {
  id: string
  name: string
  analytics_enabled: Generated<boolean>
  created_at: Generated<Date>
}

export interface ProjectOriginsTable {
  project_id: string
  origin: string
}
