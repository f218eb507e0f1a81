import { randomBytes } from 'node:crypto'
import { freePort } from '@portico/contracts/testing'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/database.ts'
import type { Tables } from '../db/tables.ts'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { type TokenHasher, tokenHasher } from '../hash-secret.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { type DevIdentityProvider, startDevIdentityProvider } from '../social/dev-provider/server.ts'
import { CALLBACK_PATH, prepareSocial } from '../social/setup.ts'
import { deviceProof } from './device-key.ts'

const PAGE = 'https://shop.example'

interface Answer {
  statusCode: number
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: read in tests as inject's answers are (LightMyRequestResponse.json)
  json(): any
}

let lastIp = 0
/** A browser's address of its own (TEST-NET-2), so per-IP limits and checks meet only on purpose. */
export const newIp = (): string => `198.51.100.${(lastIp++ % 254) + 1}`

/** The services on a real port with social login pointed at the development identity provider. */
export interface SocialApp {
  servicesUrl: string
  idp: DevIdentityProvider
  app: FastifyInstance
  db: Kysely<Tables>
  hashToken: TokenHasher
  projectId: string
  /**
   * `POST /v1/auth<path>` over HTTP, as the secure frame of `device` sends it, from `ip` (through
   * the trusted loopback proxy) or from an address of its own, so per-IP limits meet only on purpose.
   */
  call(path: string, body: object, caller: { device: string; token?: string; ip?: string }): Promise<Answer>
  close(): Promise<void>
}

export async function startSocialApp(database: Database): Promise<SocialApp> {
  const port = await freePort()
  const servicesUrl = `http://127.0.0.1:${port}`
  const publicUrl = new URL(servicesUrl)
  const idp = await startDevIdentityProvider({ redirectUri: `${servicesUrl}${CALLBACK_PATH}` })
  const hashToken = tokenHasher(randomBytes(32), 'embedded')
  const mailer = createMailer('smtp://127.0.0.1:9', 'test@portico.localhost')
  // Polls answer `pending` at once: the tests look at that answer, not at the wait.
  const social = await prepareSocial(idp.social, { mode: 'development', publicUrl, pollWaitMs: 0 })
  const app = await buildServer({
    database,
    social,
    trustProxy: '127.0.0.1',
    embedded: {
      vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
      mailer,
      chain: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
      publicUrl,
      frameScript: undefined,
      devMailbox: undefined,
      hashToken,
    },
  })
  await app.listen({ host: '127.0.0.1', port })
  const project = await createProject(database.db, { name: 'Shop', origins: [PAGE] })
  return {
    servicesUrl,
    idp,
    app,
    db: database.db,
    hashToken,
    projectId: project.id,
    async call(path, body, caller) {
      const url = `${servicesUrl}/v1/auth${path}`
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: servicesUrl,
          'x-portico-project': project.id,
          'x-portico-parent-origin': PAGE,
          dpop: deviceProof(caller.device, { url, token: caller.token }),
          'x-forwarded-for': caller.ip ?? newIp(),
          ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        },
        body: JSON.stringify(body),
      })
      const text = await response.text()
      return { statusCode: response.status, body: text, json: () => JSON.parse(text) }
    },
    async close() {
      await app.close()
      mailer.close()
      await idp.close()
    },
  }
}

/** What the popup ended on: the services' result page (or the page that refused it). */
export interface PopupEnd {
  status: number
  url: string
  html: string
}

/** A request the popup was about to make, held back by `stopAt`, with the cookies it would send. */
export interface HeldRequest {
  url: URL
  form?: URLSearchParams
  /** The popup's `Cookie` header: the `go` page's cookie among them. */
  cookie: string
}

/**
 * A popup as a browser runs it, with its own cookies: opens `url`, follows redirects, on the
 * development provider's picker presses the button of `choice` (a dev user id, or `cancel`),
 * submits a form_post answer (Apple) as the browser's auto-submitting form would, runs Telegram's
 * return page (the `#tgAuthResult` fields into the query) as its script would, and presses
 * Continue on the services' confirmation page unless `confirm` is false, all from `ip`. `stopAt`
 * ends the walk before a request to a URL it matches, so a test can hold the provider's answer.
 */
export async function runPopup(
  url: string,
  choice: string,
  options: { ip: string; stopAt?: (url: URL) => boolean; confirm?: boolean },
): Promise<PopupEnd & { held?: HeldRequest }> {
  const { ip, stopAt, confirm = true } = options
  const cookies = new Map<string, string>()
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  let next: { url: URL; form?: URLSearchParams } = { url: new URL(url) }
  for (let hop = 0; hop < 20; hop++) {
    if (stopAt?.(next.url))
      return { status: 0, url: next.url.href, html: '', held: { ...next, cookie: cookieHeader() } }
    const response = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        // The services believe the loopback proxy: this is the browser's address to them.
        'x-forwarded-for': ip,
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (/Max-Age=0/i.test(line)) cookies.delete(pair.slice(0, at))
      else cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url) }
      continue
    }
    const html = await response.text()
    const relayed = telegramRelay(html, next.url)
    if (relayed) {
      next = { url: relayed }
      continue
    }
    const picked = pickerForm(html, choice)
    const posted = picked ?? autoPostForm(html) ?? (confirm ? confirmForm(html) : undefined)
    if (!posted) return { status: response.status, url: next.url.href, html }
    next = { url: new URL(posted.action, next.url), form: posted.form }
  }
  throw new Error('the popup went round in circles')
}

const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')

function pickerForm(html: string, choice: string) {
  if (!html.includes('Development identity provider')) return undefined
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/g)]
  const form = forms.find(([, action, inner]) =>
    choice === 'cancel'
      ? new URL(decode(action ?? ''), 'http://x').pathname.endsWith('/abort')
      : inner?.includes(`value="${choice}"`),
  )
  if (!form?.[1]) throw new Error(`no picker button for ${choice}`)
  return {
    action: decode(form[1]),
    form: new URLSearchParams(choice === 'cancel' ? {} : { account: choice }),
  }
}

/** The services' Telegram return page: the fields after `#tgAuthResult=` go to the query, or `error`. */
function telegramRelay(html: string, url: URL): URL | undefined {
  if (!html.includes('tgAuthResult')) return undefined
  const encoded = /tgAuthResult=([^&]*)/.exec(url.hash)?.[1] ?? ''
  const next = new URL(url)
  next.hash = ''
  try {
    const fields = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>
    for (const [name, value] of Object.entries(fields)) next.searchParams.set(name, String(value))
  } catch {
    next.searchParams.set('error', 'access_denied')
  }
  return next
}

/** The services' "Confirm your login" page: its one button. */
function confirmForm(html: string) {
  const token =
    /<form method="post" action="\/v1\/auth\/social\/confirm"><input type="hidden" name="token" value="([^"]+)">/.exec(
      html,
    )?.[1]
  if (!token) return undefined
  return { action: '/v1/auth/social/confirm', form: new URLSearchParams({ token }) }
}

/** oidc-provider's form_post page: a form of hidden inputs that its script submits. */
function autoPostForm(html: string) {
  const form = /<form method="post" action="([^"]+)"/.exec(html)
  if (!form?.[1] || !html.includes('document.forms[0].submit()')) return undefined
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)]
  return {
    action: decode(form[1]),
    form: new URLSearchParams(fields.map(([, name, value]) => [name ?? '', decode(value ?? '')])),
  }
}
