import type { FastifyReply } from 'fastify'
import { page } from '../../embedded/page-shell.ts'

/**
 * Telegram comes back with `#tgAuthResult=<base64 JSON>` after the return address: a fragment the
 * browser never sends. This constant script (the page's CSP allows exactly it) reads the fields
 * and loads the same address with them in the query; no answer means the person declined.
 */
const RELAY_SCRIPT = `const found = /[#&]tgAuthResult=([^&]*)/.exec(location.hash);
const next = new URL(location.href);
next.hash = '';
let fields = null;
try {
  const base64 = decodeURIComponent(found[1]).replace(/-/g, '+').replace(/_/g, '/');
  fields = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
} catch {}
if (fields && typeof fields === 'object') {
  for (const [name, value] of Object.entries(fields)) {
    if (name !== 'state' && name !== 'error') next.searchParams.set(name, String(value));
  }
} else {
  next.searchParams.set('error', 'access_denied');
}
location.replace(next.href);`

/** The return address's first visit: the relay to the query, then the answer is taken. */
export const relayPage = (reply: FastifyReply) =>
  page(reply.header('referrer-policy', 'no-referrer'), 'Logging in', '<p>Finishing the login…</p>', {
    script: RELAY_SCRIPT,
  })
