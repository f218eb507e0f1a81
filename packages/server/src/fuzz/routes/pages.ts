import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { requestDeviceApproval } from '../../embedded/accounts.ts'
import type { Route } from '../fuzz.ts'
import type { RequestShape } from '../request.ts'
import { FRAME_CHUNK, type FuzzTarget, PAGE } from '../target.ts'
import { OPEN, optionalQuery } from './common.ts'

const page = (method: string, path: string, query: Array<[string, string]> = []): RequestShape => ({
  method,
  path,
  params: {},
  query,
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
})

const linkToken = fc.string({ unit: fc.constantFrom(...'ABCxyz019-_'), minLength: 20, maxLength: 100 })

/** A live approval link for the holder on a new device, as the mail would carry it. */
async function liveLink(target: FuzzTarget): Promise<string> {
  return requestDeviceApproval(target.db, target.hashToken, {
    userId: target.wallet.userId,
    deviceId: randomBytes(16).toString('base64url'),
    context: {
      project: target.project.name,
      origin: PAGE,
      device: 'Firefox on Linux',
      ip: '192.0.2.1',
      time: new Date(),
    },
  })
}

const deviceLink = (method: 'GET' | 'POST'): Route => ({
  name: `${method} /auth/device`,
  guard: OPEN,
  valid: (target) =>
    fc
      .oneof(
        linkToken.map((token) => () => Promise.resolve(token)),
        fc.constant(() => liveLink(target)),
      )
      .map((token) => async () => {
        const secret = await token()
        if (method === 'GET') return page('GET', '/auth/device', [['token', secret]])
        return { ...page('POST', '/auth/device'), body: { form: [['token', secret]] } }
      }),
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
  deviceLink('GET'),
  deviceLink('POST'),
  { name: 'GET /dev/mailbox', guard: OPEN, valid: () => fc.constant(page('GET', '/dev/mailbox')) },
  { name: 'GET /dev/mailbox.json', guard: OPEN, valid: () => fc.constant(page('GET', '/dev/mailbox.json')) },
]
