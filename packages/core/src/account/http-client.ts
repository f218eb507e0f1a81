/**
 * The generic services client (behaviour §7): JSON over GET/POST/PUT/DELETE, the project id as
 * `projectId` (and `clientId` when the host has one) in the query, the SDK type and version as
 * `st`/`sv`, and any non-OK answer thrown as `HTTP status code: {status}` (a `ServicesError`, which
 * also carries the services' own words for the refusal).
 */
import { PorticoError } from '../errors.ts'

/** A refusal by the services: `reason` is their `{error: {message}}`, meant for the visitor. */
export class ServicesError extends PorticoError {
  readonly reason: string | undefined
  constructor(status: number, reason: string | undefined) {
    super(`HTTP status code: ${status}`, { category: 'API_ERROR', code: status })
    this.name = 'ServicesError'
    this.reason = reason
  }
}

async function reasonOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } }
    return typeof body?.error?.message === 'string' ? body.error.message : undefined
  } catch {
    return undefined
  }
}

type QueryValue = string | number | boolean | undefined | null

export interface ServicesClientParameters {
  baseUrl: string
  projectId: string
  clientId?: string | undefined
  sdkType?: string | undefined
  sdkVersion?: string | undefined
  /** Injectable for tests; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch | undefined
}

interface RequestParameters {
  path: string
  query?: Record<string, QueryValue> | undefined
  body?: unknown
  signal?: AbortSignal | undefined
}

export interface ServicesClient {
  get<T>(request: RequestParameters): Promise<T>
  post<T>(request: RequestParameters): Promise<T>
  put<T>(request: RequestParameters): Promise<T>
  delete<T>(request: RequestParameters): Promise<T>
}

const SDK_TYPE = 'portico-react'
const SDK_VERSION = '0.1.0'

export function createServicesClient({
  baseUrl,
  projectId,
  clientId,
  sdkType = SDK_TYPE,
  sdkVersion = SDK_VERSION,
  fetch: fetchImpl,
}: ServicesClientParameters): ServicesClient {
  const base = baseUrl.replace(/\/+$/, '')

  function url(path: string, query: Record<string, QueryValue> | undefined): string {
    const target = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`)
    const params: Record<string, QueryValue> = { projectId, clientId, st: sdkType, sv: sdkVersion, ...query }
    for (const [key, value] of Object.entries(params)) {
      // An empty cursor means "first page"; sending `cursor=` would ask the server for a page named "".
      if (value !== undefined && value !== null && value !== '') target.searchParams.set(key, String(value))
    }
    return target.toString()
  }

  async function send<T>(method: string, { path, query, body, signal }: RequestParameters): Promise<T> {
    const doFetch = fetchImpl ?? globalThis.fetch
    const hasBody = body !== undefined
    const response = await doFetch(url(path, query), {
      method,
      // Only a JSON body gets a content-type: a GET stays a CORS "simple" request with no preflight.
      headers: hasBody ? { 'content-type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    })
    if (!response.ok) throw new ServicesError(response.status, await reasonOf(response))
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }

  return {
    get: (request) => send('GET', request),
    post: (request) => send('POST', request),
    put: (request) => send('PUT', request),
    delete: (request) => send('DELETE', request),
  }
}
