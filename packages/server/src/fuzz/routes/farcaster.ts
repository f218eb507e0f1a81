import fc from 'fast-check'
import { createSiweMessage } from 'viem/siwe'
import { DEV_PAGE_PATH } from '../../farcaster/config.ts'
import { DEV_FARCASTER_ACCOUNTS } from '../../farcaster/dev-accounts.ts'
import type { Route } from '../fuzz.ts'
import { send } from '../request.ts'
import { type FuzzTarget, PAGE, SERVICES } from '../target.ts'
import { CORS_GUARD, FRAME_GUARD, fromFrame, fromPage, hex, OPEN, visitor } from './common.ts'

const accounts = fc.constantFrom(...DEV_FARCASTER_ACCOUNTS)
const forgedToken = hex(43)

let opened = 0
/**
 * A fresh channel of the project, opened as the dapp opens it: its token and nonce. Each from an
 * address of its own, so the per-IP limit the fuzzed requests run into does not refuse it.
 */
async function openChannel(target: FuzzTarget): Promise<{ channelToken: string; nonce: string }> {
  opened += 1
  const created = await send(
    target,
    fromPage(target, 'POST', '/v1/channel', {
      body: { json: { siweUri: `${PAGE}/login`, domain: new URL(PAGE).host } },
      ip: `10.77.${(opened >> 8) & 255}.${opened & 255}`,
    }),
  )
  if (created.status !== 201) throw new Error(`opening a channel answered ${created.status}`)
  return JSON.parse(created.body) as { channelToken: string; nonce: string }
}

const channelToken = (target: FuzzTarget) =>
  fc.oneof(
    fc.constant(async () => (await openChannel(target)).channelToken),
    forgedToken.map((token) => async () => token),
  )

/** A fresh channel the holder's secure frame opened, from an address of its own: its token. */
async function openFrameChannel(target: FuzzTarget): Promise<string> {
  opened += 1
  const created = await send(
    target,
    fromFrame(
      target,
      '/farcaster/channel',
      {},
      { token: undefined, ip: `10.78.${(opened >> 8) & 255}.${opened & 255}` },
    ),
  )
  if (created.status !== 201) throw new Error(`the frame opening a channel answered ${created.status}`)
  return (JSON.parse(created.body) as { channelToken: string }).channelToken
}

export const farcasterRoutes: Route[] = [
  // The secure frame opening its own channel for the wallet's sign-in.
  {
    name: 'POST /v1/auth/farcaster/channel',
    guard: FRAME_GUARD,
    valid: (target) =>
      visitor.map((ip) => fromFrame(target, '/farcaster/channel', {}, { token: undefined, ip })),
  },
  // The secure frame turning a channel into a wallet session: its own pending one (409), a page's
  // (403) or an unknown one (401).
  {
    name: 'POST /v1/auth/farcaster/sign-in',
    guard: FRAME_GUARD,
    valid: (target) =>
      fc
        .oneof(
          fc.constant(async () => openFrameChannel(target)),
          channelToken(target),
        )
        .map(
          (token) => async () =>
            fromFrame(target, '/farcaster/sign-in', { channelToken: await token() }, { token: undefined }),
        ),
  },
  {
    name: 'POST /v1/channel',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record(
          {
            siweUri: fc.constantFrom(`${PAGE}/login`, PAGE, `${PAGE}/?a=b`),
            domain: fc.constant(new URL(PAGE).host),
            nonce: hex(16),
            expirationTime: fc
              .integer({ min: -60, max: 3600 })
              .map((s) => new Date(Date.now() + s * 1000).toISOString()),
            requestId: fc.string({ unit: fc.constantFrom(...'abc-09'), maxLength: 20 }),
            redirectUrl: fc.constant(`${PAGE}/back`),
            acceptAuthAddress: fc.boolean(),
          },
          { requiredKeys: ['siweUri', 'domain'] },
        )
        .chain((body) =>
          visitor.map((ip) => fromPage(target, 'POST', '/v1/channel', { body: { json: body }, ip })),
        ),
  },
  {
    name: 'GET /v1/channel/status',
    guard: { ...CORS_GUARD, callers: ['origin', 'authorization'] },
    valid: (target) =>
      channelToken(target).map((token) => async () => ({
        ...fromPage(target, 'GET', '/v1/channel/status'),
        headers: { origin: PAGE, authorization: `Bearer ${await token()}` },
      })),
  },
  {
    name: 'POST /v1/channel/authenticate',
    guard: { callers: ['authorization'] },
    valid: (target) =>
      fc
        .record({
          account: accounts,
          claimed: accounts,
          forged: fc.boolean(),
          expiresIn: fc.integer({ min: -60, max: 3600 }),
        })
        .map(({ account, claimed, forged, expiresIn }) => async () => {
          const channel = forged
            ? { channelToken: 'A'.repeat(43), nonce: 'abcdefgh1234' }
            : await openChannel(target)
          const message = createSiweMessage({
            domain: new URL(PAGE).host,
            address: account.custody.address,
            statement: 'Farcaster Auth',
            uri: `${PAGE}/login`,
            version: '1',
            chainId: 10,
            nonce: channel.nonce,
            issuedAt: new Date(),
            expirationTime: new Date(Date.now() + expiresIn * 1000),
            resources: [`farcaster://fid/${claimed.fid}`],
          })
          return {
            method: 'POST',
            path: '/v1/channel/authenticate',
            params: {},
            query: [],
            headers: { authorization: `Bearer ${channel.channelToken}` },
            body: {
              json: {
                message,
                signature: await account.custody.signMessage({ message }),
                fid: claimed.fid,
                username: account.username,
                displayName: account.displayName,
              },
            },
          }
        }),
  },
  {
    name: `GET ${DEV_PAGE_PATH}`,
    guard: OPEN,
    valid: (target) =>
      channelToken(target).map((token) => async () => ({
        method: 'GET',
        path: DEV_PAGE_PATH,
        params: {},
        query: [['channelToken', await token()]] as Array<[string, string]>,
        headers: {},
      })),
  },
  {
    name: `POST ${DEV_PAGE_PATH}`,
    // The page's own origin is what lets the form in: a mutation swaps it for a stranger's.
    guard: { callers: ['origin'] },
    valid: (target) =>
      fc
        .record({
          token: channelToken(target),
          account: accounts,
          forFid: fc.option(accounts, { nil: undefined }),
        })
        .map(({ token, account, forFid }) => async () => ({
          method: 'POST',
          path: DEV_PAGE_PATH,
          params: {},
          query: [],
          headers: { origin: SERVICES.origin },
          body: {
            form: [
              ['channelToken', await token()],
              ['fid', String(account.fid)],
              ...(forFid ? ([['forFid', String(forFid.fid)]] as Array<[string, string]>) : []),
            ] as Array<[string, string]>,
          },
        })),
  },
]
