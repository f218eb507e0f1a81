import type { ServerModule } from '../server-module.ts'
import { ensureProject } from './repository.ts'
import { projectsPlugin } from './routes.ts'

/** The projects the other routes belong to; a development project is made or completed on start. */
export const projectsModule: ServerModule = {
  name: 'projects',
  setUp: ({ options }) => {
    const { devProject } = options
    if (!devProject) return undefined
    return {
      start: async (_scope, { database }) => {
        await ensureProject(database.db, devProject)
        return undefined
      },
    }
  },
  async projectRoutes(v1) {
    await v1.register(projectsPlugin)
  },
}
