import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isAllowedHost, isPublicAddress } from './public-address.ts'

interface ResolvedAddress {
  address: string
  family: number
}

/** Every address a host name resolves to; tests map names to their own servers. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>

export interface SafeFetchOptions {
  /** Covers the whole fetch: every lookup, connection, redirect and the body. */
  signal: AbortSignal
  /** `normaliseAllowedHost` entries that may resolve to private addresses; every other rule holds. */
  allowHosts?: readonly string[]
  maxBytes?: number
  maxRedirects?: number
  resolve?: Resolve
}

/** The fetch was refused by the rules, not failed by the network. */
export class RefusedFetchError extends Error {
  override name = 'RefusedFetchError'
}

const MAX_JSON_BYTES = 256 * 1024
const MAX_REDIRECTS = 3

const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true })

/**
 * GETs a JSON document named by a stranger (a token URI): http(s) only, every hop's host resolved
 * once and refused unless all its addresses are public (or the host is allowed), the connection
 * made to exactly the address checked, at most `maxRedirects` redirects, each checked the same way,
 * and at most `maxBytes` of body. JSON content types, and the generic ones static hosts and IPFS
 * gateways serve metadata files with, are parsed; anything else is refused unread.
 */
export async function fetchJson(url: string, options: SafeFetchOptions): Promise<unknown> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS
  let current = new URL(url)
  for (let redirects = 0; ; redirects++) {
    const target = await checkedAddress(current, options)
    const response = await get(current, target, options.signal)
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (status >= 300 && status < 400 && location !== undefined) {
      response.destroy()
      if (redirects >= maxRedirects) throw new RefusedFetchError(`more than ${maxRedirects} redirects`)
      current = new URL(location, current)
      continue
    }
    if (status < 200 || status >= 300) {
      response.destroy()
      throw new Error(`${current.host} answered ${status}`)
    }
    const contentType = response.headers['content-type'] ?? ''
    if (!isJsonLike(contentType)) {
      response.destroy()
      throw new RefusedFetchError(`content type ${contentType} is not JSON`)
    }
    const body = await readCapped(response, options.maxBytes ?? MAX_JSON_BYTES, options.signal)
    return JSON.parse(body.toString('utf8'))
  }
}

/** The one address this hop connects to, after the rules have seen every address of the host. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedFetchError(`${url.protocol} URLs are not fetched`)
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(host)
  const addresses =
    family === 0
      ? await abortable((options.resolve ?? resolveAll)(host), options.signal)
      : [{ address: host, family }]
  const first = addresses[0]
  if (!first) throw new Error(`${host} has no address`)
  if (!isAllowedHost(url, options.allowHosts ?? [])) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address))
    if (refused) throw new RefusedFetchError(`${url.host} is at ${refused.address}, not a public address`)
  }
  return first
}

function get(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  // The address the rules passed, rather than a second lookup that could answer differently.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    // agent: false, so no pooled socket outlives the fetch; TLS still checks the host name (SNI).
    const request = client.get(
      url,
      { agent: false, lookup: pinned, signal, headers: { accept: 'application/json' } },
      resolve,
    )
    request.on('error', reject)
  })
}

function isJsonLike(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return (
    type === '' ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'text/plain' ||
    type === 'application/octet-stream'
  )
}

/** The body, or an error as soon as it passes `maxBytes` (the rest is never read). */
async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy()
    throw new RefusedFetchError(`body is over ${maxBytes} bytes`)
  }
  const stop = () => response.destroy(signal.reason)
  signal.addEventListener('abort', stop, { once: true })
  try {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw new RefusedFetchError(`body is over ${maxBytes} bytes`)
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  } finally {
    signal.removeEventListener('abort', stop)
    response.destroy()
  }
}

/** DNS lookups cannot be cancelled; the fetch stops waiting for one when its time is up. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted()
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason)
    signal.addEventListener('abort', stop, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}
