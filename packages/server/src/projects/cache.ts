import type { Database } from '../db/database.ts'
import { hearChannel } from '../db/heard-channel.ts'
import { PROJECT_CHANGES_CHANNEL } from '../db/migrations/0005_project_changes.ts'
import type { Project } from './repository.ts'

/** Projects are few and read on every request; past this many, the least recently loaded go. */
const MAX_ENTRIES = 10_000
/**
 * The longest an entry is served without reading the project again, heard channel or not: the last
 * guard should the channel stay silent in a way its heartbeat does not catch.
 */
export const MAX_AGE_MS = 60_000

export interface ProjectReader {
  get(id: string): Promise<Project | undefined>
}

/**
 * Keeps projects in memory for as long as the database says they have not changed: a trigger
 * announces every change to a project or its origins (from any instance, the CLI or psql) and
 * the entry is dropped. While the listening connection is down nothing is served from memory,
 * since announcements may be missed then, and no entry is served past `maxAgeMs`. Unknown ids
 * are never kept, so a new project works at once.
 */
export async function watchProjects(
  listen: Database['listen'],
  load: (id: string) => Promise<Project | undefined>,
  maxAgeMs = MAX_AGE_MS,
): Promise<ProjectReader & { stop(): Promise<void> }> {
  const entries = new Map<string, { project: Project; loadedAt: number }>()
  const channel = await hearChannel(listen, PROJECT_CHANGES_CHANNEL, {
    onMessage: (id) => entries.delete(id),
    onReset: () => entries.clear(),
  })

  return {
    async get(id) {
      const kept = channel.trusted ? entries.get(id) : undefined
      if (kept && performance.now() - kept.loadedAt < maxAgeMs) return kept.project
      const started = channel.generation
      const loadedAt = performance.now()
      const project = await load(id)
      if (project && channel.trusted && started === channel.generation) {
        entries.delete(id)
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
        entries.set(id, { project, loadedAt })
      }
      return project
    },
    stop: channel.stop,
  }
}
