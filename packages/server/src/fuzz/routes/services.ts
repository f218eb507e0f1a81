import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import { PAGE } from '../target.ts'
import { CORS_GUARD, fromPage, hex, OPEN, visitor } from './common.ts'

const projectRoute = (info: 'origins' | 'analytics-config'): Route => ({
  name: `GET /v1/projects/:projectId/${info}`,
  guard: { project: { in: 'param', name: 'projectId' }, callers: ['origin'] },
  valid: (target) =>
    fc.constant({
      ...fromPage(target, 'GET', `/v1/projects/:projectId/${info}`, {
        params: { projectId: target.project.id },
      }),
      query: [
        ['st', 'portico-react'],
        ['sv', '0.1.0'],
      ],
    }),
})

const origin = fc.webAuthority().map((authority) => `https://${authority}`)
const propertyValue = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean())

/** The SDK's analytics event (core/analytics), every optional part present or not. */
const analyticsEvent = fc.record(
  {
    eventId: fc.uuid({ version: 4 }),
    url: fc.webPath().map((path) => `${PAGE}${path}`),
    domain: fc.constant(new URL(PAGE).host),
    timestamp: fc.integer({ min: 0, max: 253_402_300_799_999 }),
    props: fc.record(
      {
        type: fc.constantFrom('track', 'error'),
        event: fc.constantFrom('ERROR_FETCH_TRANSACTIONS', 'MODAL_OPEN', 'CONNECT_SUCCESS'),
        errorType: fc.constantFrom('API_ERROR', 'TypeError'),
        errorMessage: fc.string({ maxLength: 80 }),
        stackTrace: fc.string({ maxLength: 200 }),
        properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), propertyValue, { maxKeys: 5 }),
      },
      { requiredKeys: ['type', 'event'] },
    ),
  },
  { requiredKeys: ['eventId', 'url', 'domain', 'timestamp', 'props'] },
)

export const serviceRoutes: Route[] = [
  ...['/health', '/health/ready'].map(
    (path): Route => ({
      name: `GET ${path}`,
      guard: OPEN,
      valid: () => fc.constant({ method: 'GET', path, params: {}, query: [], headers: {} }),
    }),
  ),
  projectRoute('origins'),
  projectRoute('analytics-config'),
  {
    name: 'OPTIONS /v1/* (preflight)',
    covers: ['OPTIONS *', 'OPTIONS /e', 'OPTIONS /e/', 'OPTIONS /e/*'],
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record({
          path: fc.constantFrom('/v1/account/:address/history', '/v1/siwx/sessions', '/e'),
          method: fc.constantFrom('GET', 'POST', 'DELETE'),
          headers: fc.array(fc.constantFrom('content-type', 'authorization', 'x-sdk-version'), {
            maxLength: 3,
          }),
        })
        .map(({ path, method, headers }) => {
          const shape = fromPage(target, 'OPTIONS', path, { params: { address: target.accounts[0] ?? '' } })
          shape.headers['access-control-request-method'] = method
          shape.headers['access-control-request-headers'] = headers.join(', ')
          return shape
        }),
  },
  {
    name: 'POST /e',
    covers: ['POST /e', 'POST /e/'],
    guard: CORS_GUARD,
    // A visitor of its own for most events, so the per-IP limit leaves room to reach the database.
    valid: (target) =>
      fc
        .tuple(analyticsEvent, visitor)
        .map(([event, ip]) => fromPage(target, 'POST', '/e', { body: { json: event }, ip })),
  },
  {
    name: 'unknown routes (404)',
    covers: [],
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .tuple(
          fc.constantFrom('GET', 'POST'),
          fc.constantFrom('/v1/', '/', '/e/', '/v1/auth/'),
          fc.webSegment(),
        )
        .map(([method, prefix, segment]) => fromPage(target, method, `${prefix}${segment}x`)),
  },
  {
    name: 'POST /admin/cli',
    guard: { callers: ['authorization'] },
    valid: (target) =>
      fc
        .oneof(
          fc.constant({ command: 'list' }),
          fc.record({
            command: fc.constant('create'),
            name: fc.string({ minLength: 1, maxLength: 30 }),
            origins: fc.array(origin, { maxLength: 2 }),
          }),
          fc.record({
            command: fc.constant('add-origin'),
            id: fc.oneof(fc.constant(target.elsewhere.id), hex(32)),
            origin: origin,
          }),
        )
        .map((command) => ({
          method: 'POST',
          path: '/admin/cli',
          params: {},
          query: [],
          headers: { authorization: `Bearer ${target.adminToken}` },
          body: { json: command },
        })),
  },
]
