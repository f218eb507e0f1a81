import { connect } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { RawJson, type UrlValue } from './verbatim.ts'

/** The exact bytes of a body; `stream` sends it chunked over a socket, so no length is known up front. */
export interface RawBody {
  raw: string | Buffer
  contentType?: string | undefined
  stream?: boolean
}
export type Body = { json: unknown } | { form: Array<[string, UrlValue]> } | RawBody

/** One request, kept in parts so a mutation can change exactly one of them. */
export interface RequestShape {
  method: string
  /** With `:name` placeholders filled from `params`. */
  path: string
  params: Record<string, UrlValue>
  query: Array<[string, UrlValue]>
  headers: Record<string, string>
  body?: Body | undefined
  remoteAddress?: string | undefined
}

export interface Answer {
  status: number
  contentType: string
  body: string
  ms: number
  /** A socket's answer may come from Node's HTTP parser rather than the app (a URL it refuses). */
  overSocket: boolean
}

/** Longer than any route may take (5 s) by a margin: past it the request counts as unanswered. */
const GIVE_UP_MS = 15_000

/** Lone surrogates become their three-byte (WTF-8) form, which is what a careless client would send. */
function wtf8(text: string): Buffer {
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdfff)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
    else bytes.push(...Buffer.from(char, 'utf8'))
  }
  return Buffer.from(bytes)
}

function encodeUrlValue(value: UrlValue): string {
  if (typeof value !== 'string') return value.wire
  let encoded = ''
  for (const byte of wtf8(value)) {
    const char = String.fromCharCode(byte)
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return encoded
}

function urlOf(shape: RequestShape): string {
  const path = shape.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeUrlValue(shape.params[name] ?? ''),
  )
  const query = shape.query.map(([key, value]) => `${encodeUrlValue(key)}=${encodeUrlValue(value)}`)
  return query.length === 0 ? path : `${path}?${query.join('&')}`
}

/** JSON text in which RawJson values appear verbatim. */
function jsonText(value: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, entry: unknown) => {
    if (!(entry instanceof RawJson)) return entry
    raws.push(entry.text)
    return `\u0000raw${raws.length - 1}\u0000`
  })
  if (text === undefined) return ''
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)] ?? '')
}

export function bodyBytes(body: Body): { bytes: Buffer; contentType: string | undefined; stream: boolean } {
  if ('json' in body)
    return { bytes: wtf8(jsonText(body.json)), contentType: 'application/json', stream: false }
  if ('form' in body) {
    const text = body.form.map(([key, value]) => `${encodeUrlValue(key)}=${encodeUrlValue(value)}`).join('&')
    return {
      bytes: Buffer.from(text, 'latin1'),
      contentType: 'application/x-www-form-urlencoded',
      stream: false,
    }
  }
  const bytes = typeof body.raw === 'string' ? wtf8(body.raw) : body.raw
  return { bytes, contentType: body.contentType, stream: body.stream === true }
}

/** An app under test: inject for most requests, its port for the rest. */
export interface Server {
  app: FastifyInstance
  port: number
}

/** Sends through inject, or over a socket when the URL holds raw bytes or the body streams. */
export async function send(server: Server, shape: RequestShape): Promise<Answer> {
  const url = urlOf(shape)
  const body = shape.body ? bodyBytes(shape.body) : undefined
  const headers: Record<string, string> = { ...shape.headers }
  if (body?.contentType !== undefined && !hasHeader(headers, 'content-type'))
    headers['content-type'] = body.contentType
  const started = performance.now()
  // inject parses the URL as WHATWG does, where a leading `//` or `/\` starts a host (`/\/%00x` is
  // then no URL at all); on the wire it is just an odd path the server must answer.
  const overSocket = body?.stream === true || /[^\x21-\x7e]/.test(url) || /^\/[\\/]/.test(url)
  const pending = overSocket
    ? overTheWire(server.port, shape.method, url, headers, body?.bytes, body?.stream === true)
    : server.app
        .inject({
          method: shape.method as 'GET',
          url,
          headers,
          ...(body ? { payload: body.bytes } : {}),
          ...(shape.remoteAddress ? { remoteAddress: shape.remoteAddress } : {}),
        })
        .then((response) => ({
          status: response.statusCode,
          contentType: String(response.headers['content-type'] ?? ''),
          body: response.body,
        }))
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${GIVE_UP_MS} ms`)), GIVE_UP_MS)
  })
  try {
    const answer = await Promise.race([pending, timeout])
    return { ...answer, ms: performance.now() - started, overSocket }
  } finally {
    clearTimeout(timer)
  }
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}

const CHUNK = 64 * 1024

/** HTTP/1.1 by hand: the URL and headers go out as latin1 bytes, exactly as written. */
function overTheWire(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  bytes: Buffer | undefined,
  stream: boolean,
): Promise<Omit<Answer, 'ms' | 'overSocket'>> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    // The server may answer (413) and close while the body is still going out; the answer counts.
    socket.on('error', () => {})
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      if (!status) return reject(new Error(`the connection closed without an answer (${text.slice(0, 60)})`))
      const split = text.indexOf('\r\n\r\n')
      const head = text.slice(0, split)
      resolve({
        status: Number(status[1]),
        contentType: /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '',
        body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8'),
      })
    })
    const lines = [`${method} ${url} HTTP/1.1`, 'connection: close']
    if (!hasHeader(headers, 'host')) lines.push('host: 127.0.0.1')
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
    if (bytes && stream) lines.push('transfer-encoding: chunked')
    else if (bytes) lines.push(`content-length: ${bytes.length}`)
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'))
    if (!bytes) return
    if (!stream) return void socket.write(bytes)
    for (let at = 0; at < bytes.length && !socket.destroyed; at += CHUNK) {
      const chunk = bytes.subarray(at, at + CHUNK)
      socket.write(`${chunk.length.toString(16)}\r\n`)
      socket.write(chunk)
      socket.write('\r\n')
    }
    if (!socket.destroyed) socket.write('0\r\n\r\n')
  })
}

/** One line a person can paste into a bug report: long strings cut, invisible characters escaped. */
export function describe(shape: RequestShape): string {
  const cut = (text: string, keep = 80) =>
    text.length > keep * 1.5 ? `${text.slice(0, keep)}…(${text.length} chars)` : text
  const headers = Object.entries(shape.headers).map(
    ([name, value]) => `${name}: ${JSON.stringify(cut(value))}`,
  )
  return [
    `${shape.method} ${JSON.stringify(cut(urlOf(shape), 200))} {${headers.join(', ')}}`,
    shape.body ? ` body ${describeBody(shape.body, cut)}` : '',
    shape.remoteAddress ? ` from ${shape.remoteAddress}` : '',
  ].join('')
}

function describeBody(body: Body, cut: (text: string, keep?: number) => string): string {
  if ('json' in body)
    return JSON.stringify(body.json, (_key, value: unknown) =>
      typeof value === 'string' ? cut(value) : value instanceof RawJson ? `RawJson ${value}` : value,
    )
  const { bytes, contentType, stream } = bodyBytes(body)
  const text = JSON.stringify(cut(bytes.toString('latin1'), 300))
  return `(${contentType ?? 'no content-type'}${stream ? ', chunked' : ''}) ${text}`
}
