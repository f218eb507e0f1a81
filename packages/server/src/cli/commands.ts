import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { addOrigin, createProject, listProjects, type Project } from '../projects/repository.ts'
import type { CliCommand } from './args.ts'

/** Runs one command and returns what to print, so the entry point alone touches the process. */
export async function runCommand(
  db: Kysely<Tables>,
  command: Exclude<CliCommand, { command: 'help' }>,
): Promise<string> {
  switch (command.command) {
    case 'create':
      // Only the id, so scripts can capture it: PROJECT_ID=$(npm run -s project -- create …)
      return (await createProject(db, command)).id
    case 'list':
      return projectTable(await listProjects(db))
    case 'add-origin': {
      const project = await addOrigin(db, command.id, command.origin)
      return `${project.id} now allows ${project.origins.join(', ')}`
    }
  }
}

export function projectTable(projects: readonly Project[]): string {
  if (projects.length === 0)
    return 'No projects yet — create one with: npm run project -- create --name NAME --origin URL'
  const rows = [
    ['ID', 'NAME', 'ORIGINS'],
    ...projects.map((project) => [project.id, project.name, project.origins.join(', ')]),
  ]
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)))
  return rows
    .map(
      ([id = '', name = '', origins = '']) =>
        `${id.padEnd(widths[0] ?? 0)}  ${name.padEnd(widths[1] ?? 0)}  ${origins}`,
    )
    .join('\n')
}
