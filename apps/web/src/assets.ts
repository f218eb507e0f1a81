import { STATUS_CODES } from 'node:http'
import negotiate from '@fastify/accept-negotiator'
import send, { type FileSendResult } from '@fastify/send'
import { HttpError } from '@portico/server/http-errors'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'

/** The copies `vite.config.ts` writes beside each asset, best first. */
const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const
type Encoding = keyof typeof PRECOMPRESSED
const ENCODINGS = Object.keys(PRECOMPRESSED) as Encoding[]

/**
 * Vite's hashed output under `/assets/`. Files are streamed from disk and their compressed copies
 * were made at build time, so a request costs no compression and leaves nothing in memory —
 * whatever its query string.
 */
export const assetsPlugin: FastifyPluginAsync<{ assetsDir: string }> = async (app, { assetsDir }) => {
  app.get('/assets/*', async (request, reply) => {
    // Still percent-encoded: `send` decodes it once and refuses paths that climb out of the root.
    const path = new URL(request.url, 'http://page.local').pathname.slice('/assets'.length)
    reply.header('vary', 'accept-encoding')
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ENCODINGS)
    if (encoding) {
      const compressed = await sendFile(request, path + PRECOMPRESSED[encoding], assetsDir, false)
      if (compressed.type === 'file') {
        const type = send.mime.getType(path) ?? 'application/octet-stream'
        reply.header('content-encoding', encoding)
        reply.type(send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type)
        return stream(reply, compressed)
      }
      compressed.stream.destroy()
    }
    const plain = await sendFile(request, path, assetsDir, true)
    if (plain.type === 'file') return stream(reply, plain)
    plain.stream.destroy()
    if (plain.type === 'directory' || plain.statusCode === 404) return reply.callNotFound()
    // `send`'s own errors may name the file on disk: only the status goes out.
    if (plain.statusCode >= 500) throw plain.metadata.error
    throw new HttpError(plain.statusCode, STATUS_CODES[plain.statusCode] ?? 'Bad Request')
  })
}

function sendFile(request: FastifyRequest, path: string, root: string, contentType: boolean) {
  return send(request.raw, path, {
    root,
    contentType,
    index: false,
    dotfiles: 'ignore',
    maxAge: '1y',
    immutable: true,
  })
}

function stream(reply: FastifyReply, result: FileSendResult) {
  return reply.code(result.statusCode).headers(result.headers).send(result.stream)
}
