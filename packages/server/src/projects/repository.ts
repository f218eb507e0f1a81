import { type Kysely, type Selectable, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { ProjectInputError, UnknownProjectError } from './errors.ts'
import { normaliseOrigin } from './origin.ts'
import { isProjectId, newProjectId, PROJECT_ID_FORMAT } from './project-id.ts'
import type { ProjectsTable } from './tables.ts'

export interface Project {
  id: string
  name: string
  analyticsEnabled: boolean
  createdAt: Date
  /** Normalised origins, sorted by code unit so both backends list them alike whatever their collation. */
  origins: string[]
}

export interface ProjectInput {
  name: string
  origins: readonly string[]
}

const MAX_NAME_LENGTH = 200
const UNIQUE_VIOLATION = '23505'

export async function createProject(
  db: Kysely<Tables>,
  input: ProjectInput & { id?: string },
): Promise<Project> {
  const id = input.id === undefined ? newProjectId() : checkId(input.id)
  const name = checkName(input.name)
  const origins = normaliseOrigins(input.origins)
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.insertInto('projects').values({ id, name }).execute()
      await insertOrigins(trx, id, origins)
      return await readProject(trx, id)
    })
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
      throw new ProjectInputError(`A project with id ${id} already exists`)
    }
    throw error
  }
}

/**
 * Makes sure a project exists with this name and at least these origins. Origins added by hand
 * since are kept; running it again changes nothing. Safe when several instances start together.
 */
export async function ensureProject(
  db: Kysely<Tables>,
  input: ProjectInput & { id: string },
): Promise<Project> {
  const id = checkId(input.id)
  const name = checkName(input.name)
  const origins = normaliseOrigins(input.origins)
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projects')
      .values({ id, name })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ name }))
      .execute()
    await insertOrigins(trx, id, origins)
    return await readProject(trx, id)
  })
}

export async function addOrigin(db: Kysely<Tables>, id: string, origin: string): Promise<Project> {
  const normalised = checkOrigin(origin)
  return db.transaction().execute(async (trx) => {
    if (!(await getProject(trx, id))) throw new UnknownProjectError(id)
    await insertOrigins(trx, id, [normalised])
    return await readProject(trx, id)
  })
}

/** One round trip: the guard calls this on every request, so the origins come in the same query. */
export async function getProject(db: Kysely<Tables>, id: string): Promise<Project | undefined> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_origins', 'project_origins.project_id', 'projects.id')
    .select([
      'projects.id',
      'projects.name',
      'projects.analytics_enabled',
      'projects.created_at',
      sql<
        string[]
      >`coalesce(array_agg(project_origins.origin) filter (where project_origins.origin is not null), '{}')`.as(
        'origins',
      ),
    ])
    .where('projects.id', '=', id)
    .groupBy('projects.id')
    .executeTakeFirst()
  return row ? toProject(row, [...row.origins]) : undefined
}

export async function listProjects(db: Kysely<Tables>): Promise<Project[]> {
  const rows = await db.selectFrom('projects').selectAll().orderBy('created_at').orderBy('id').execute()
  const origins = await db.selectFrom('project_origins').select(['project_id', 'origin']).execute()
  const byProject = new Map<string, string[]>()
  for (const { project_id, origin } of origins)
    byProject.set(project_id, [...(byProject.get(project_id) ?? []), origin])
  return rows.map((row) => toProject(row, byProject.get(row.id) ?? []))
}

async function insertOrigins(db: Kysely<Tables>, id: string, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return
  await db
    .insertInto('project_origins')
    .values(origins.map((origin) => ({ project_id: id, origin })))
    .onConflict((conflict) => conflict.columns(['project_id', 'origin']).doNothing())
    .execute()
}

/** Reads back a project just written in the same transaction, where it must exist. */
async function readProject(db: Kysely<Tables>, id: string): Promise<Project> {
  const project = await getProject(db, id)
  if (!project) throw new UnknownProjectError(id)
  return project
}

function toProject(row: Selectable<ProjectsTable>, origins: string[]): Project {
  return {
    id: row.id,
    name: row.name,
    analyticsEnabled: row.analytics_enabled,
    createdAt: row.created_at,
    origins: origins.sort(),
  }
}

function checkId(id: string): string {
  if (!isProjectId(id)) throw new ProjectInputError(PROJECT_ID_FORMAT)
  return id
}

function checkName(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) throw new ProjectInputError('A project needs a name')
  if (trimmed.length > MAX_NAME_LENGTH)
    throw new ProjectInputError(`A project name has at most ${MAX_NAME_LENGTH} characters`)
  return trimmed
}

/** Validates every origin before anything is written, and drops duplicates that normalise alike. */
function normaliseOrigins(origins: readonly string[]): string[] {
  return [...new Set(origins.map(checkOrigin))]
}

function checkOrigin(origin: string): string {
  const result = normaliseOrigin(origin)
  if (!result.ok) throw new ProjectInputError(result.reason)
  return result.origin
}
