import type { FastifyReply } from 'fastify'
import { escapeHtml, page } from '../embedded/page-shell.ts'
import { describeRequest, type RequestContext } from '../embedded/request-context.ts'

/** How an answer ended, as the result page says it. */
export interface Ended {
  status: 'done' | 'error'
  heading: string
  text: string
}

export const EXPIRED =
  '<p>This login was already used or has expired. You can close this window and start the login again in the app.</p>'
export const OTHER_BROWSER =
  '<p>This login was started in another browser, or this browser did not keep its cookie: nothing was logged in. Start the login again in the app, in this browser.</p>'
export const INVALID =
  '<p>This login link is not valid. You can close this window and start the login again in the app.</p>'

/** What the login would complete — which app, when, which device and IP started it — and the one button. */
export function confirmPage(reply: FastifyReply, token: string, started: RequestContext, label: string) {
  const details = describeRequest(started, new Date())
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')
  return page(
    reply.header('referrer-policy', 'no-referrer'),
    'Confirm your login',
    `<p>You logged in with ${escapeHtml(label)}. This finishes the login started below: continue only if you started it yourself, just now, in this browser.</p><dl>${details}</dl><form method="post" action="/v1/auth/social/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Continue</button></form><p class="muted">Not you? Close this window: nothing is logged in.</p>`,
  )
}

/** The message the popup posts to the page that opened it: only a hint to poll now. */
const RESULT_MESSAGE_TYPE = 'portico:social-result'

// Constant, so the page's CSP allows exactly it; its data travels in a JSON block, never as code.
const RESULT_SCRIPT = `const data = JSON.parse(document.getElementById('social-result').textContent);
if (window.opener) window.opener.postMessage({ type: '${RESULT_MESSAGE_TYPE}', attemptId: data.attemptId, status: data.status }, data.targetOrigin);
if (data.status === 'done') window.close();`

/** The popup's last page: what happened, and the hint to the opener. */
export function resultPage(
  reply: FastifyReply,
  attempt: { id: string; parentOrigin: string },
  outcome: Ended,
) {
  const body = `<p>${escapeHtml(outcome.text)}</p><p class="muted">You can close this window.</p>`
  const data = JSON.stringify({
    attemptId: attempt.id,
    targetOrigin: attempt.parentOrigin,
    status: outcome.status,
  }).replace(/</g, '\\u003c')
  return page(
    reply.header('referrer-policy', 'no-referrer'),
    outcome.heading,
    `${body}<script type="application/json" id="social-result">${data}</script>`,
    { script: RESULT_SCRIPT },
  )
}
