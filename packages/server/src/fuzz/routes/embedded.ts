import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { approveDevice, createSession, findOrCreateUser } from '../../embedded/accounts.ts'
import { issueOtp } from '../../embedded/otps.ts'
import type { Route, Valid } from '../fuzz.ts'
import type { FuzzTarget } from '../target.ts'
import { FRAME_GUARD, freshEmail, fromFrame, hex, visitor } from './common.ts'

const newDevice = () => randomBytes(16).toString('base64url')

const frameRoute = (path: string, valid: (target: FuzzTarget) => fc.Arbitrary<Valid>): Route => ({
  name: `POST /v1/auth${path}`,
  guard: FRAME_GUARD,
  valid,
})

/** A user of its own with a live session, for routes that change the user. */
async function freshUser(target: FuzzTarget, email: string) {
  const device = newDevice()
  const user = await findOrCreateUser(target.db, target.vault, email)
  await approveDevice(target.db, user.id, device)
  const token = await createSession(target.db, target.hashToken, {
    userId: user.id,
    projectId: target.project.id,
    deviceId: device,
  })
  return { user, device, token }
}

/** Reads answered from the chain, account methods answered by the wallet, and refused ones. */
function reads(target: FuzzTarget) {
  const someone = target.accounts[0] ?? '0x0000000000000000000000000000000000000000'
  return fc.constantFrom(
    { method: 'eth_chainId', params: [] },
    { method: 'eth_blockNumber' },
    { method: 'eth_getBalance', params: [someone, 'latest'] },
    { method: 'eth_call', params: [{ to: target.tokens[0], data: '0x06fdde03' }, 'latest'] },
    { method: 'eth_getBlockByNumber', params: ['latest', false] },
    { method: 'eth_accounts', params: [] },
    { method: 'eth_coinbase' },
    { method: 'personal_sign', params: ['0x68656c6c6f', target.wallet.address] },
    { method: 'debug_traceTransaction', params: [`0x${'0'.repeat(64)}`] },
  )
}

function signing(target: FuzzTarget) {
  const typedData = {
    domain: { name: 'Fuzz', version: '1', chainId: target.chainId },
    types: { Note: [{ name: 'text', type: 'string' }] },
    primaryType: 'Note',
    message: { text: 'hello' },
  }
  return fc.oneof(
    hex(16).map((data) => ({ method: 'personal_sign', params: [`0x${data}`, target.wallet.address] })),
    fc.constant({
      method: 'eth_signTypedData_v4',
      params: [target.wallet.address, JSON.stringify(typedData)],
    }),
    fc.constant({ method: 'eth_sendTransaction', params: [{ to: target.accounts[1], value: '0x0' }] }),
    fc.constant({ method: 'eth_chainId', params: [] }),
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
  // Fresh devices, for which no approval link was mailed: for one with a link the poll waits (up to 15 s) by design.
  frameRoute('/device/poll', (target) =>
    fc
      .tuple(freshEmail, visitor, hex(32))
      .map(([email, ip, device]) => fromFrame(target, '/device/poll', { email }, { ip, device })),
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
  frameRoute('/rpc/approved', (target) =>
    signing(target).map((body) => fromFrame(target, '/rpc/approved', body)),
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
