import type { Generated } from 'kysely'

/** Projects and their allowed origins (migration 0001). */
export interface ProjectTables {
  projects: ProjectsTable
  project_origins: ProjectOriginsTable
}

export interface ProjectsTable {
  id: string
  name: string
  analytics_enabled: Generated<boolean>
  created_at: Generated<Date>
}

interface ProjectOriginsTable {
  project_id: string
  origin: string
}
