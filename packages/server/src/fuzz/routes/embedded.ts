import fc from 'fast-check'
import { approveDevice, createSession, findOrCreateUser } from '../../embedded/accounts.ts'
import { issueOtp } from '../../embedded/otps.ts'
import { newDevice } from '../../test-support/device-key.ts'
import { injectAsFrame } from '../../test-support/frame-call.ts'
import {
  createLegacyUser,
  keySetupBody,
  newFrameKey,
  passkeyBody,
  resplitForPasskey,
  rotationBody,
  setUpKeyAsFrame,
} from '../../test-support/frame-keys.ts'
import type { Route, Valid } from '../fuzz.ts'
import { type FuzzTarget, PAGE, SERVICES } from '../target.ts'
import { FRAME_GUARD, freshEmail, fromFrame, hex, visitor } from './common.ts'

const frameRoute = (path: string, valid: (target: FuzzTarget) => fc.Arbitrary<Valid>): Route => ({
  name: `POST /v1/auth${path}`,
  guard: FRAME_GUARD,
  valid,
})

/** A new live session of `userId` on a device of its own, just logged in. */
async function newSession(target: FuzzTarget, userId: string) {
  const device = newDevice()
  await approveDevice(target.db, userId, device)
  const token = await createSession(target.db, target.hashToken, {
    userId,
    projectId: target.project.id,
    deviceId: device,
    codeVerified: true,
  })
  return { device, token }
}

/** A user of its own with a live session, for routes that change the user. */
async function freshUser(target: FuzzTarget, email: string) {
  const user = await findOrCreateUser(target.db, email)
  return { user, ...(await newSession(target, user.id)) }
}

/** A user of its own whose key the frame set up, with its session, for routes that change the key. */
async function userWithKey(target: FuzzTarget, email: string) {
  const { device, token } = await freshUser(target, email)
  const caller = { services: SERVICES, page: PAGE, projectId: target.project.id, device, token }
  const key = await setUpKeyAsFrame((path, body) => injectAsFrame(target.app, caller, path, body), email)
  return { device, token, key }
}

/** Reads answered from the chain, account methods answered by the wallet, and refused ones: every signing method. */
function reads(target: FuzzTarget) {
  const someone = target.accounts[0] ?? '0x0000000000000000000000000000000000000000'
  const typedData = {
    domain: { name: 'Fuzz', version: '1', chainId: target.chainId },
    types: { Note: [{ name: 'text', type: 'string' }] },
    primaryType: 'Note',
    message: { text: 'hello' },
  }
  return fc.oneof(
    fc.constantFrom(
      { method: 'eth_chainId', params: [] },
      { method: 'eth_blockNumber' },
      { method: 'eth_getBalance', params: [someone, 'latest'] },
      { method: 'eth_call', params: [{ to: target.tokens[0], data: '0x06fdde03' }, 'latest'] },
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
      { method: 'eth_accounts', params: [] },
      { method: 'eth_coinbase' },
      { method: 'eth_signTypedData_v4', params: [target.wallet.address, JSON.stringify(typedData)] },
      { method: 'eth_sendTransaction', params: [{ to: target.accounts[1], value: '0x0' }] },
      { method: 'debug_traceTransaction', params: [`0x${'0'.repeat(64)}`] },
    ),
    hex(16).map((data) => ({ method: 'personal_sign', params: [`0x${data}`, target.wallet.address] })),
  )
}

export const embeddedRoutes: Route[] = [
  frameRoute('/email/connect', (target) =>
    fc.oneof(
      fc
        .tuple(freshEmail, visitor)
        .map(([email, ip]) => fromFrame(target, '/email/connect', { email }, { ip })),
      visitor.map((ip) => fromFrame(target, '/email/connect', { email: target.wallet.email }, { ip })),
      visitor.map((ip) =>
        fromFrame(
          target,
          '/email/connect',
          { email: target.wallet.email },
          { ip, token: undefined, device: newDevice() },
        ),
      ),
    ),
  ),
  frameRoute('/otp/verify', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const device = newDevice()
      const otp = await issueOtp(target.db, target.hashToken, { email, purpose: 'login', deviceId: device })
      return fromFrame(target, '/otp/verify', { email, otp }, { ip, token: undefined, device })
    }),
  ),
  frameRoute('/user', (target) => fc.constant(fromFrame(target, '/user', {}))),
  frameRoute('/sign-out', (target) =>
    fc.constant(async () => {
      const { wallet } = target
      const token = await createSession(target.db, target.hashToken, {
        userId: wallet.userId,
        projectId: target.project.id,
        deviceId: wallet.device,
      })
      return fromFrame(target, '/sign-out', {}, { token })
    }),
  ),
  frameRoute('/rpc', (target) => reads(target).map((body) => fromFrame(target, '/rpc', body))),
  frameRoute('/key/status', (target) => fc.constant(fromFrame(target, '/key/status', {}))),
  // A new user each time, as a key is set up once.
  frameRoute('/key/setup', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const { device, token } = await freshUser(target, email)
      const body = await keySetupBody(await newFrameKey(), email)
      return fromFrame(target, '/key/setup', body, { ip, token, device })
    }),
  ),
  frameRoute('/key/share', (target) => fc.constant(fromFrame(target, '/key/share', {}))),
  // A new session each time: each takes the recovery share once.
  frameRoute('/key/recovery', (target) =>
    visitor.map((ip) => async () => {
      const session = await newSession(target, target.wallet.userId)
      return fromFrame(target, '/key/recovery', {}, { ip, ...session })
    }),
  ),
  // A user of its own each time: the holder's address would sit in its 30 s resend cooldown.
  frameRoute('/key/recovery/code', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const { device, token } = await userWithKey(target, email)
      return fromFrame(target, '/key/recovery/code', {}, { ip, token, device })
    }),
  ),
  frameRoute('/key/recovery/verify', (target) =>
    visitor.map((ip) => async () => {
      const { wallet } = target
      const otp = await issueOtp(target.db, target.hashToken, {
        email: wallet.email,
        purpose: `unlock:${wallet.userId}`,
        deviceId: wallet.device,
      })
      return fromFrame(target, '/key/recovery/verify', { otp }, { ip })
    }),
  ),
  // A user of its own each time: a re-split changes the key's shares.
  frameRoute('/key/passkey', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const { device, token, key } = await userWithKey(target, email)
      const body = await passkeyBody(await resplitForPasskey(key), email)
      return fromFrame(target, '/key/passkey', body, { ip, token, device })
    }),
  ),
  // A user of its own each time: the holder's address would sit in its 30 s resend cooldown.
  frameRoute('/key/export/code', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const { device, token } = await userWithKey(target, email)
      return fromFrame(target, '/key/export/code', {}, { ip, token, device })
    }),
  ),
  frameRoute('/key/export', (target) =>
    visitor.map((ip) => async () => {
      const { wallet } = target
      const otp = await issueOtp(target.db, target.hashToken, {
        email: wallet.email,
        purpose: 'export',
        deviceId: wallet.device,
      })
      return fromFrame(target, '/key/export', { otp }, { ip })
    }),
  ),
  frameRoute('/key/rotation/status', (target) => fc.constant(fromFrame(target, '/key/rotation/status', {}))),
  frameRoute('/key/rotation/assets', (target) => fc.constant(fromFrame(target, '/key/rotation/assets', {}))),
  // A user of its own each time: a started rotation waits on its user until finished.
  frameRoute('/key/rotation/start', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const { device, token, key } = await userWithKey(target, email)
      const body = await rotationBody(key, await resplitForPasskey(await newFrameKey()), email, {
        kind: 'eoa',
      })
      return fromFrame(target, '/key/rotation/start', body, { ip, token, device })
    }),
  ),
  frameRoute('/key/rotation/finish', (target) => fc.constant(fromFrame(target, '/key/rotation/finish', {}))),
  frameRoute('/key/legacy', (target) =>
    fc.tuple(freshEmail, visitor).map(([email, ip]) => async () => {
      const legacy = await createLegacyUser(target.db, target.masterKey, email)
      return fromFrame(target, '/key/legacy', {}, { ip, ...(await newSession(target, legacy.id)) })
    }),
  ),
  // A user of its own each time: the holder's address would sit in its 30 s resend cooldown.
  frameRoute('/email/update', (target) =>
    fc.tuple(freshEmail, freshEmail, visitor).map(([email, newEmail, ip]) => async () => {
      const { device, token } = await freshUser(target, email)
      return fromFrame(target, '/email/update', { email: newEmail }, { ip, token, device })
    }),
  ),
  frameRoute('/email/update/primary', (target) =>
    fc.tuple(freshEmail, visitor).map(([newEmail, ip]) => async () => {
      const { wallet } = target
      const otp = await issueOtp(target.db, target.hashToken, {
        email: wallet.email,
        purpose: `update_primary:${newEmail}`,
        deviceId: wallet.device,
      })
      return fromFrame(target, '/email/update/primary', { otp, newEmail }, { ip })
    }),
  ),
  frameRoute('/email/update/secondary', (target) =>
    fc.tuple(freshEmail, freshEmail, visitor).map(([email, newEmail, ip]) => async () => {
      const { user, device, token } = await freshUser(target, email)
      const otp = await issueOtp(target.db, target.hashToken, {
        email: newEmail,
        purpose: `update_secondary:${user.id}`,
        deviceId: device,
      })
      return fromFrame(target, '/email/update/secondary', { otp, newEmail }, { ip, token, device })
    }),
  ),
]
