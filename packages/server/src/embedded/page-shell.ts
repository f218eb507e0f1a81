import { createHash } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { answerError } from '../http/errors.ts'

// The services' own pages (the device link, the dev mailbox, social login's popup pages): one card
// on the modal's dark theme, no script but a static one a page names, allowed by its hash.

// The modal's dark theme (react/src/modal/styles.ts): its card, text colours and the accent fill
// that white text reads on at 4.5:1; the card fits a 320px screen.
const PAGE_STYLE = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: max(16px, 8vh) 16px 16px; background: #0b0b0b; color: #e4e7e7;
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { display: flex; flex-direction: column; gap: 16px; max-width: 28rem; margin: 0 auto; padding: 24px 20px 20px;
  background: #191a1a; border: 1px solid rgba(255,255,255,0.1); border-radius: 16px; box-shadow: 0 12px 48px rgba(0,0,0,0.45); }
main.wide { max-width: 48rem; }
h1 { margin: 0; font-size: 20px; font-weight: 600; text-align: center; }
h2 { margin: 0; font-size: 16px; font-weight: 600; }
p, form { margin: 0; }
.muted, dt { color: #9a9e9e; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0; padding: 12px 16px;
  background: #252627; border-radius: 16px; }
dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 400px) { dl { grid-template-columns: 1fr; gap: 0; } dd + dt { margin-top: 8px; } }
button { width: 100%; min-height: 44px; padding: 10px 16px; border: none; border-radius: 16px; background: #1d64d8;
  color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button:hover { background: #1a58c0; }
button:focus-visible { outline: 2px solid #66b1ff; outline-offset: 2px; }
article { display: flex; flex-direction: column; gap: 8px; }
pre { margin: 0; padding: 12px; white-space: pre-wrap; overflow-wrap: anywhere; background: #252627; border-radius: 12px;
  font: 13px/1.45 ui-monospace, monospace; }
`
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

// The one style element is allowed by its hash, and so is a page's one script: nothing injected
// beside them could style the page or run.
const pageCsp = (script: string | undefined) =>
  `default-src 'none'; style-src ${sha256(PAGE_STYLE)}; ${script === undefined ? '' : `script-src ${sha256(script)}; `}form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * One card under its heading; `body` is markup whose values are already escaped. `script` is a
 * constant (never built from request data): the CSP allows exactly it.
 */
export function page(
  reply: FastifyReply,
  heading: string,
  body: string,
  layout: { wide?: boolean; script?: string } = {},
) {
  const script = layout.script === undefined ? '' : `<script>${layout.script}</script>`
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', pageCsp(layout.script))
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)} · Portico</title><style>${PAGE_STYLE}</style></head><body><main${layout.wide ? ' class="wide"' : ''}><h1>${escapeHtml(heading)}</h1>${body}</main>${script}</body></html>`,
    )
}

/**
 * For a scope of pages a person opens (a mailed link, a provider's redirect): a refused request gets
 * the page `heading` / `body`, not the API's JSON error, and forms are read as the browser posts them.
 */
export function answerAsPages(scope: FastifyInstance, heading: string, body: string): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode
    if (status !== undefined && status >= 400 && status < 500) return page(reply.code(status), heading, body)
    return answerError(error, request, reply)
  })
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(text as string))),
  )
}
