import type { FastifyReply } from 'fastify'

const ASSETS_PATH = '/dashboard/assets'

/**
 * Only our own script and stylesheet, files the services serve: no inline script or style at all,
 * so markup injected through a stored value could neither run nor restyle anything. uPlot sizes
 * its canvas through the CSSOM, which `style-src` does not govern.
 */
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function html(reply: FastifyReply, title: string, body: string, options: { script?: boolean } = {}) {
  return (
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', DASHBOARD_CSP)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      // Not no-referrer: under it browsers send `Origin: null` on a form post, which the login's
      // Origin check must refuse. same-origin keeps the referrer off every other site all the same.
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Portico</title><link rel="stylesheet" href="${ASSETS_PATH}/dashboard.css">${options.script ? `<script type="module" src="${ASSETS_PATH}/dashboard.js"></script>` : ''}</head><body>${body}</body></html>`,
      )
  )
}

/** The login form; `problem` is a sentence of ours, said to screen readers at once. */
export function loginPage(reply: FastifyReply, problem?: string) {
  const alert = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''
  return html(
    reply,
    'Dashboard login',
    `<main class="card login"><h1>Portico dashboard</h1><p class="muted">Analytics of your projects. Log in with the operator password.</p>${alert}<form method="post" action="/dashboard/login" class="stack"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required autofocus><button type="submit">Log in</button></form></main>`,
  )
}

/**
 * The dashboard's frame: heading, log-out and the filters are markup, so they work and are labelled
 * before the script runs; the script (app/main.ts) fills in the report from the summary API.
 */
export function dashboardPage(reply: FastifyReply) {
  return html(
    reply,
    'Dashboard',
    `<header class="top"><h1>Portico dashboard</h1><form method="post" action="/dashboard/logout"><button type="submit" class="secondary">Log out</button></form></header><main class="report"><form id="filters" class="card filters" aria-label="Filters"><div class="field"><label for="project">Project</label><select id="project" name="projectId" required></select></div><div class="field"><label for="from">From</label><input id="from" name="from" type="date" required></div><div class="field"><label for="to">To</label><input id="to" name="to" type="date" required></div><button type="submit">Show</button></form><p id="status" class="muted" role="status" aria-live="polite">Loading…</p><div id="sections"></div></main>`,
    { script: true },
  )
}
