import type { Summary } from '../shape.ts'

export interface Project {
  id: string
  name: string
}

export type SummaryAnswer = Summary & {
  projectId: string
  from: string
  to: string
  /** What the project's WalletConnect relay clients keep in the mailbox now. */
  relayMailbox: { messages: number; bytes: number }
}

/** The session cookie has expired or was ended elsewhere: the page goes back to the login form. */
export class LoggedOut extends Error {}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
  if (response.status === 401) throw new LoggedOut()
  const body = (await response.json().catch(() => undefined)) as
    | (T & { error?: { message?: string } })
    | undefined
  if (!response.ok) throw new Error(body?.error?.message ?? `The services answered ${response.status}`)
  return body as T
}

export const fetchProjects = () => getJson<{ projects: Project[] }>('/dashboard/api/projects')

export const fetchSummary = (query: { projectId: string; from: string; to: string }) =>
  getJson<SummaryAnswer>(`/dashboard/api/summary?${new URLSearchParams(query)}`)
