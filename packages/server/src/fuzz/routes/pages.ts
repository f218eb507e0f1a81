import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import type { RequestShape } from '../request.ts'
import { FRAME_CHUNK } from '../target.ts'
import { OPEN, optionalQuery } from './common.ts'

const page = (method: string, path: string, query: Array<[string, string]> = []): RequestShape => ({
  method,
  path,
  params: {},
  query,
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
})

export const pageRoutes: Route[] = [
  {
    name: 'GET /frame',
    guard: { project: { in: 'query', name: 'projectId' }, callers: ['referer'] },
    valid: (target) =>
      optionalQuery({
        chainId: fc.constant(String(target.chainId)),
        version: fc.constant('0.1.0'),
        enableLogger: fc.constantFrom('true', 'false'),
      }).map((query) => page('GET', '/frame', [['projectId', target.project.id], ...query])),
  },
  { name: 'GET /frame/frame.js', guard: OPEN, valid: () => fc.constant(page('GET', '/frame/frame.js')) },
  {
    name: 'GET /frame/chunks/:file',
    guard: OPEN,
    valid: () => fc.constant({ ...page('GET', '/frame/chunks/:file'), params: { file: FRAME_CHUNK } }),
  },
  { name: 'GET /dev/mailbox', guard: OPEN, valid: () => fc.constant(page('GET', '/dev/mailbox')) },
  { name: 'GET /dev/mailbox.json', guard: OPEN, valid: () => fc.constant(page('GET', '/dev/mailbox.json')) },
]
