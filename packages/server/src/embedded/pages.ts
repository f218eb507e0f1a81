import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { ProjectReader } from '../projects/cache.ts'
import { isProjectId } from '../projects/project-id.ts'
import type { DevMail, DevMailbox } from './dev-mailbox.ts'
import { FRAME_CHUNK_NAME } from './frame-assets.ts'
import { escapeHtml, page } from './page-shell.ts'
import type { FrameSmartAccounts } from './smart-accounts.ts'

interface EmbeddedPagesOptions {
  /** The project cache the guards read, for the frame's allow-list. */
  projects: ProjectReader
  /** The built frame script (`@portico/embedded`'s frame bundle); the frame page is absent without it. */
  frameScript?: string | undefined
  /** The chunks the frame script imports when it needs them, by file name. */
  frameChunks?: ReadonlyMap<string, string> | undefined
  /** Only in dev mode: the in-process mailbox, shown at /dev/mailbox. */
  devMailbox?: DevMailbox | undefined
  /** Published to the frame: without it, the embedded wallet has EOAs only. */
  smartAccounts?: FrameSmartAccounts | undefined
}

const FrameChunk = z.object({ file: z.string().regex(FRAME_CHUNK_NAME, 'expected a chunk file name') })
const FrameQuery = z.looseObject({
  projectId: z.string().max(64).default(''),
  chainId: z.string().max(20).optional(),
  version: z.string().max(40).optional(),
  enableLogger: z.string().max(10).optional(),
})
const MailboxAnswer = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      to: z.array(z.string()),
      subject: z.string(),
      text: z.string(),
      receivedAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<{ messages: DevMail[] }>

// The frame has no markup of its own to protect and runs only our script. Only the project's pages
// may embed it, beside the frame's own check of every message's origin.
const frameCsp = (origins: string[]) =>
  `default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${origins.join(' ') || "'none'"}`

/**
 * The pages of the embedded wallet on the services origin: the secure frame and, in dev mode only,
 * the mailbox.
 */
export const embeddedPagesPlugin: FastifyPluginAsync<EmbeddedPagesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { frameScript, devMailbox } = options

  if (frameScript !== undefined) {
    app.get('/frame', { schema: { querystring: FrameQuery } }, async ({ query }, reply) => {
      const project = isProjectId(query.projectId) ? await options.projects.get(query.projectId) : undefined
      // The allow-list travels with the page, so the frame can refuse a foreign parent before it
      // touches its session. An unknown project gets an empty list: every message is refused.
      const config = {
        projectId: project?.id ?? '',
        allowedOrigins: project?.origins ?? [],
        debug: query.enableLogger === 'true',
        smartAccounts: options.smartAccounts ?? null,
      }
      const json = JSON.stringify(config).replace(/</g, '\\u003c')
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', frameCsp(config.allowedOrigins))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>Portico secure frame</title><script type="application/json" id="frame-config">${json}</script><script type="module" src="/frame/frame.js"></script></head><body></body></html>`,
        )
    })
    const script = (reply: FastifyReply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
    app.get('/frame/frame.js', async (_request, reply) =>
      script(reply).header('cache-control', 'no-cache').send(frameScript),
    )
    // Imported by frame.js as ./chunks/<name>-<hash>.js: the hash changes with the content, so a
    // browser keeps each for good. The frame page's CSP (script-src 'self') covers them as it does frame.js.
    app.get('/frame/chunks/:file', { schema: { params: FrameChunk } }, async ({ params }, reply) => {
      const chunk = options.frameChunks?.get(params.file)
      if (chunk === undefined) throw new HttpError(404, 'No such frame chunk')
      return script(reply).header('cache-control', 'public, max-age=31536000, immutable').send(chunk)
    })
  }

  if (devMailbox) {
    app.get('/dev/mailbox.json', { schema: { response: { 200: MailboxAnswer } } }, async () => ({
      messages: devMailbox.messages(),
    }))
    app.get('/dev/mailbox', async (_request, reply) => {
      const items = devMailbox
        .messages()
        .reverse()
        .map(
          (mail) =>
            `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</p><pre>${escapeHtml(mail.text)}</pre></article>`,
        )
      return page(reply, 'Dev mailbox', items.join('') || '<p>No mail yet.</p>', { wide: true })
    })
  }
}
