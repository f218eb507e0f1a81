import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { expect, test } from 'vitest'
import type { Project } from '../projects/repository.ts'
import { checkHandshake, RefusalText } from './handshake.ts'

const RELAY = 'wss://services.example/v1/wc-relay'
const PROJECT = { id: 'a'.repeat(32), name: 'Page', origins: ['https://page.example'] } as unknown as Project
const NOW = 1_800_000_000_000
const context = {
  projects: { get: async (id: string) => (id === PROJECT.id ? PROJECT : undefined) },
  relayUrl: RELAY,
  now: () => NOW,
}
const token = async (aud = RELAY, ttl = 86_400, iat = NOW / 1000) =>
  signJWT('sub', aud, ttl, generateKeyPair(), iat)

test('a token signed for this relay, without an Origin, is let in under its issuer', async () => {
  const keyPair = generateKeyPair()
  const auth = await signJWT('sub', RELAY, 86_400, keyPair, NOW / 1000)
  const handshake = await checkHandshake({ auth, projectId: PROJECT.id, ua: 'x' }, undefined, context)
  expect(handshake).toEqual({
    ok: true,
    clientId: expect.stringMatching(/^did:key:z6Mk/),
    projectId: PROJECT.id,
  })
})

test('the audience may differ by a trailing slash or a query, not by host or path', async () => {
  for (const aud of [`${RELAY}/`, `${RELAY}?x=1`])
    expect(
      (await checkHandshake({ auth: await token(aud), projectId: PROJECT.id }, undefined, context)).ok,
    ).toBe(true)
  for (const aud of ['wss://other.example/v1/wc-relay', 'wss://services.example/v1/wc-relay2', 'not a url'])
    expect(
      await checkHandshake({ auth: await token(aud), projectId: PROJECT.id }, undefined, context),
    ).toEqual({
      ok: false,
      reason: RefusalText.WRONG_AUDIENCE,
    })
})

test.each([
  ['no project id', async () => ({ auth: await token() }), undefined, RefusalText.INVALID_KEY],
  [
    'a project id that is an array',
    async () => ({ auth: await token(), projectId: [PROJECT.id] }),
    undefined,
    RefusalText.INVALID_KEY,
  ],
  [
    'a foreign Origin',
    async () => ({ auth: await token(), projectId: PROJECT.id }),
    'https://evil.example',
    RefusalText.ORIGIN_NOT_ALLOWED,
  ],
  [
    'an Origin that is not one',
    async () => ({ auth: await token(), projectId: PROJECT.id }),
    'null',
    RefusalText.ORIGIN_NOT_ALLOWED,
  ],
  ['no token', async () => ({ projectId: PROJECT.id }), undefined, RefusalText.INVALID_AUTH],
  ['garbage', async () => ({ auth: 'x.y.z', projectId: PROJECT.id }), undefined, RefusalText.INVALID_AUTH],
  [
    'a token that expired',
    async () => ({ auth: await token(RELAY, 60, NOW / 1000 - 61), projectId: PROJECT.id }),
    undefined,
    RefusalText.EXPIRED_AUTH,
  ],
] as const)('%s is refused', async (_name, query, origin, reason) => {
  expect(await checkHandshake(await query(), origin, context)).toEqual({ ok: false, reason })
})

test('a browser on the allow-list is let in', async () => {
  const handshake = await checkHandshake(
    { auth: await token(), projectId: PROJECT.id },
    'https://page.example',
    context,
  )
  expect(handshake.ok).toBe(true)
})
