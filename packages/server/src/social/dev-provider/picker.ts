import { escapeHtml } from '../../embedded/page-shell.ts'
import { DEV_USERS } from './dev-users.ts'

const STYLE = `body{margin:0;padding:8vh 16px;background:#f4f5f7;color:#1b1f24;font:16px/1.45 system-ui,sans-serif}
main{max-width:26rem;margin:0 auto;padding:24px;background:#fff;border-radius:16px;box-shadow:0 8px 32px rgba(0,0,0,.12)}
h1{margin:0 0 4px;font-size:20px}p{margin:0 0 16px;color:#5b6470}form{margin:0 0 8px}
button{width:100%;min-height:44px;padding:10px 16px;border:1px solid #d0d5dc;border-radius:12px;background:#fff;font:inherit;text-align:left;cursor:pointer}
button:hover{background:#eef1f5}.muted{color:#5b6470;font-size:14px}.cancel{text-align:center}`

/**
 * The development provider's own login page: one button per dev user, and Cancel, which answers
 * the app with `access_denied` as a provider does when the person declines. No script.
 */
export function pickerPage(action: (what: 'login' | 'abort') => string, providerLabel: string): string {
  const users = DEV_USERS.map((user) => {
    const email = user.email
      ? `${user.email}${user.emailVerified ? '' : ' (not verified)'}`
      : 'shares no e-mail address'
    return `<form method="post" action="${escapeHtml(action('login'))}"><input type="hidden" name="account" value="${escapeHtml(user.id)}"><button type="submit">${escapeHtml(user.name)}<br><span class="muted">${escapeHtml(email)}</span></button></form>`
  }).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in with ${escapeHtml(providerLabel)} (development)</title><style>${STYLE}</style></head><body><main><h1>Sign in with ${escapeHtml(providerLabel)}</h1><p>Development identity provider — choose an account.</p>${users}<form method="post" action="${escapeHtml(action('abort'))}"><button type="submit" class="cancel">Cancel</button></form></main></body></html>`
}
