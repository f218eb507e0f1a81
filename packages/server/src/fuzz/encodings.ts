import { bodyBytes, type RawBody, type RequestShape } from './request.ts'

export const ENCODINGS = [
  'truncated',
  'text/plain',
  'no content-type',
  'form content-type',
  'multipart',
  'charset=latin1',
  'charset=utf-16',
  'content-type junk',
  'application/jsonx',
  'duplicate key',
  'deep array',
  'deep object',
  '10 MB',
  '10 MB streamed',
  'invalid UTF-8',
  'BOM',
  '__proto__',
  'constructor.prototype',
  'empty',
  'NaN',
  'trailing comma',
  'single quotes',
  'raw NUL',
  'gzip claimed',
] as const
export type Encoding = (typeof ENCODINGS)[number]

/** A stray byte, an overlong slash, a CESU-8 surrogate, a lone continuation byte, a code point past U+10FFFF. */
const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xf4, 0x90, 0x80, 0x80]]

const TEN_MB = 10 * 1024 * 1024
let tenMegabytes: Buffer | undefined
const hugeBody = () => {
  tenMegabytes ??= Buffer.from(`{"a":"${'x'.repeat(TEN_MB)}"}`)
  return tenMegabytes
}

/** The request's body re-encoded the way `encoding` says: broken, mislabelled, huge or hostile. */
export function encode(shape: RequestShape, encoding: Encoding, pick: number): RawBody {
  const original = shape.body ? bodyBytes(shape.body).bytes : Buffer.from('{}')
  const text = original.toString('utf8')
  const json = (raw: string | Buffer, contentType = 'application/json') => ({ raw, contentType })
  switch (encoding) {
    case 'truncated':
      return json(original.subarray(0, pick % Math.max(original.length, 1)))
    case 'text/plain':
    case 'multipart':
      return json(original, encoding === 'multipart' ? 'multipart/form-data; boundary=x' : 'text/plain')
    case 'no content-type':
      return { raw: original }
    case 'form content-type':
      return json(original, 'application/x-www-form-urlencoded')
    case 'charset=latin1':
    case 'charset=utf-16':
      return json(original, `application/json; ${encoding}`)
    case 'content-type junk':
      return json(original, ';;; =\u00ff')
    case 'application/jsonx':
      return json(original, 'application/jsonx')
    case 'duplicate key': {
      // The parser keeps the last of two: a bad value first is overridden, a bad value last wins.
      const key = /^\{"((?:[^"\\]|\\.)*)"/.exec(text)?.[1]
      if (key === undefined) return json('{"a":1,"a":2}')
      return json(
        pick % 2 === 0 ? `{"${key}":[],${text.slice(1)}` : `${text.slice(0, -1)},"${key}":"\\ud800"}`,
      )
    }
    case 'deep array':
      return json(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)
    case 'deep object':
      return json(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`)
    case '10 MB':
      return json(hugeBody())
    case '10 MB streamed':
      return { ...json(hugeBody()), stream: true }
    case 'invalid UTF-8': {
      const bad = INVALID_UTF8[pick % INVALID_UTF8.length] ?? []
      const at = pick % Math.max(original.length, 1)
      return json(Buffer.concat([original.subarray(0, at), Buffer.from(bad), original.subarray(at)]))
    }
    case 'BOM':
      return json(`\ufeff${text}`)
    case '__proto__':
      return json(
        text.startsWith('{') ? `{"__proto__":{"isAdmin":true},${text.slice(1)}` : '{"__proto__":{}}',
      )
    case 'constructor.prototype':
      return json('{"constructor":{"prototype":{"isAdmin":true}}}')
    case 'empty':
      return json('')
    case 'NaN':
      return json('NaN')
    case 'trailing comma':
      return json(text.replace(/}$/, ',}'))
    case 'single quotes':
      return json(text.replaceAll('"', "'"))
    case 'raw NUL':
      return json(`${text}\u0000`)
    case 'gzip claimed':
      shape.headers['content-encoding'] = 'gzip'
      return json(original)
  }
}
