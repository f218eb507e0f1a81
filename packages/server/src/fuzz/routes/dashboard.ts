import fc from 'fast-check'
import { createSession } from '../../dashboard/sessions.ts'
import { DASHBOARD_PASSWORD } from '../../test-support/dashboard.ts'
import type { Route } from '../fuzz.ts'
import type { Guard } from '../mutate.ts'
import type { RequestShape } from '../request.ts'
import { type FuzzTarget, SERVICES } from '../target.ts'
import { visitor } from './common.ts'

/** The operator's browser: the services' own origin and, once logged in, the session cookie. */
const OPERATOR: Guard = { callers: ['origin', 'cookie'] }

/** A fresh session each time: a fuzzed logout must not end the one the other routes use. */
const fromOperator =
  (
    target: FuzzTarget,
    shape: Omit<RequestShape, 'headers' | 'params'> & { headers?: Record<string, string> },
  ) =>
  async (): Promise<RequestShape> => {
    const token = await createSession(target.db, target.dashboard.hashSession)
    return {
      params: {},
      ...shape,
      headers: { origin: SERVICES.origin, cookie: `portico_dashboard=${token}`, ...shape.headers },
    }
  }

const get = (target: FuzzTarget, path: string, query: Array<[string, string]> = []) =>
  fromOperator(target, { method: 'GET', path, query })

const day = fc
  .date({ min: new Date('2024-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))

export const dashboardRoutes: Route[] = [
  { name: 'GET /dashboard', guard: OPERATOR, valid: (target) => fc.constant(get(target, '/dashboard')) },
  {
    name: 'POST /dashboard/login',
    guard: { callers: ['origin'] },
    // Many visitors, some with the browser id the form sets and some without, so the slow-down
    // answers 429 to some and the password is still compared for others.
    valid: () =>
      fc
        .tuple(
          fc.oneof(fc.constant(DASHBOARD_PASSWORD), fc.string({ maxLength: 40 })),
          visitor,
          fc.option(fc.constantFrom('A'.repeat(32), 'B'.repeat(32))),
        )
        .map(([password, ip, browser]) => ({
          method: 'POST',
          path: '/dashboard/login',
          params: {},
          query: [],
          headers: {
            origin: SERVICES.origin,
            ...(browser ? { cookie: `portico_dashboard_browser=${browser}` } : {}),
          },
          body: { form: [['password', password]] },
          remoteAddress: ip,
        })),
  },
  {
    name: 'POST /dashboard/logout',
    guard: OPERATOR,
    valid: (target) =>
      fc.constant(fromOperator(target, { method: 'POST', path: '/dashboard/logout', query: [] })),
  },
  {
    name: 'GET /dashboard/assets/dashboard.js',
    guard: OPERATOR,
    valid: (target) => fc.constant(get(target, '/dashboard/assets/dashboard.js')),
  },
  {
    name: 'GET /dashboard/assets/dashboard.css',
    guard: OPERATOR,
    valid: (target) => fc.constant(get(target, '/dashboard/assets/dashboard.css')),
  },
  {
    name: 'GET /dashboard/api/projects',
    guard: OPERATOR,
    valid: (target) => fc.constant(get(target, '/dashboard/api/projects')),
  },
  {
    name: 'GET /dashboard/api/summary',
    guard: OPERATOR,
    valid: (target) =>
      fc
        .tuple(fc.constantFrom(target.project.id, target.quiet.id), fc.option(day))
        .map(([projectId, from]) =>
          get(target, '/dashboard/api/summary', [
            ['projectId', projectId],
            ...(from ? [['from', from] as [string, string]] : []),
          ]),
        ),
  },
]
