import { expect, test } from 'vitest'
import { errorPayload, errorType, frameEvent, MESSAGES, requestEnvelope, successType } from './protocol.ts'

test('requests parse only with a known type and a valid payload', () => {
  const ok = requestEnvelope.safeParse({ id: 'a1', type: 'CONNECT_EMAIL', payload: { email: 'a@b.co' } })
  expect(ok.success).toBe(true)
  expect(requestEnvelope.safeParse({ id: 'a1', type: 'STEAL_KEY', payload: {} }).success).toBe(false)
  expect(requestEnvelope.safeParse({ type: 'GET_USER', payload: {} }).success).toBe(false)
  expect(MESSAGES.CONNECT_EMAIL.request.safeParse({ email: 'not-an-email' }).success).toBe(false)
})

test('answers carry the id and <type>_SUCCESS or <type>_ERROR', () => {
  expect(successType('GET_USER')).toBe('GET_USER_SUCCESS')
  expect(errorType('RPC_REQUEST')).toBe('RPC_REQUEST_ERROR')
  expect(frameEvent.safeParse({ id: 'x', type: 'GET_USER_SUCCESS', payload: {} }).success).toBe(true)
  expect(frameEvent.safeParse({ type: 'FRAME_READY' }).success).toBe(true)
  expect(frameEvent.safeParse({ id: 'x', type: 'get_user', payload: {} }).success).toBe(false)
})

test('a user must carry a real address', () => {
  const user = {
    address: `0x${'a'.repeat(40)}`,
    chainId: 1,
    accounts: [{ address: `0x${'a'.repeat(40)}`, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  }
  expect(MESSAGES.GET_USER.success.safeParse(user).success).toBe(true)
  expect(MESSAGES.GET_USER.success.safeParse({ ...user, address: '0x12' }).success).toBe(false)
})

test("an error names the services' reason only from the known list", () => {
  const cooldown = { message: 'Please try again after 12 seconds', reason: 'EMAIL_COOLDOWN' }
  expect(errorPayload.parse(cooldown)).toEqual(cooldown)
  expect(errorPayload.safeParse({ message: 'x', reason: 'SOMETHING_ELSE' }).success).toBe(false)
})
