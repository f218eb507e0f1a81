/// <reference types="vite/client" />
import '../../http/dark-page.css'
import './dashboard.css'
import { fetchProjects, fetchSummary, LoggedOut } from './api.ts'
import { el } from './dom.ts'
import { renderReport } from './render.ts'

const DAY_MS = 86_400_000
const dayOf = (date: Date) => date.toISOString().slice(0, 10)

function field<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id)
  if (!found) throw new Error(`The dashboard page has no #${id}`)
  return found as T
}

const form = field<HTMLFormElement>('filters')
const project = field<HTMLSelectElement>('project')
const from = field<HTMLInputElement>('from')
const to = field<HTMLInputElement>('to')
const status = field<HTMLParagraphElement>('status')
const sections = field<HTMLDivElement>('sections')

/** The choice is kept in the address, so a reload or a shared link shows the same report. */
function readChoice() {
  const query = new URLSearchParams(location.search)
  const today = new Date()
  return {
    projectId: query.get('projectId') ?? '',
    from: query.get('from') ?? dayOf(new Date(today.getTime() - 6 * DAY_MS)),
    to: query.get('to') ?? dayOf(today),
  }
}

async function show(choice: { projectId: string; from: string; to: string }) {
  status.textContent = 'Loading…'
  sections.setAttribute('aria-busy', 'true')
  try {
    const summary = await fetchSummary(choice)
    sections.replaceChildren(...renderReport(summary))
    const name = project.selectedOptions[0]?.textContent ?? summary.projectId
    status.textContent = `${name}, ${summary.from} to ${summary.to} (UTC days)`
  } catch (error) {
    if (error instanceof LoggedOut) return location.reload()
    sections.replaceChildren()
    status.textContent = error instanceof Error ? error.message : String(error)
  } finally {
    sections.removeAttribute('aria-busy')
  }
}

async function start() {
  try {
    const { projects } = await fetchProjects()
    if (projects.length === 0) {
      status.textContent = 'No project yet: create one with portico-server project create.'
      return
    }
    project.replaceChildren(
      ...projects.map((p) => el('option', { value: p.id }, `${p.name} (${p.id.slice(0, 8)}…)`)),
    )
    const choice = readChoice()
    if (!projects.some((p) => p.id === choice.projectId)) choice.projectId = projects[0]?.id ?? ''
    project.value = choice.projectId
    from.value = choice.from
    to.value = choice.to
    await show(choice)
  } catch (error) {
    if (error instanceof LoggedOut) return location.reload()
    status.textContent = error instanceof Error ? error.message : String(error)
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  const choice = { projectId: project.value, from: from.value, to: to.value }
  history.replaceState(null, '', `?${new URLSearchParams(choice)}`)
  void show(choice)
})

void start()
