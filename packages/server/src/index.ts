export { type Database, type OpenDatabaseOptions, openDatabase } from './db/database.ts'
export type { Tables } from './db/tables.ts'
export { ProjectInputError, UnknownProjectError } from './projects/errors.ts'
export { normaliseOrigin } from './projects/origin.ts'
export {
  addOrigin,
  createProject,
  ensureProject,
  getProject,
  listProjects,
  type Project,
  type ProjectInput,
} from './projects/repository.ts'
export { type BuildServerOptions, buildServer } from './server.ts'
export { type RunningServer, type StartServerOptions, startServer } from './start.ts'
