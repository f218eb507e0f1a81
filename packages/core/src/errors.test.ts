import { UserRejectedRequestError } from 'viem'
import { expect, test } from 'vitest'
import { isUserRejection } from './errors.ts'

test('a rejection is told by its code or class, wherever it sits in the cause chain', () => {
  expect(isUserRejection({ code: 4001, message: 'No.' })).toBe(true)
  expect(isUserRejection({ code: 5000, message: 'No.' })).toBe(true)
  expect(isUserRejection(new Error('wrapped', { cause: { code: 4001 } }))).toBe(true)
  expect(isUserRejection(new UserRejectedRequestError(new Error('x')))).toBe(true)
})

test('words alone do not make a rejection: a failure that says "user rejected" keeps its own message', () => {
  expect(isUserRejection(new Error('User rejected the request.'))).toBe(false)
  expect(isUserRejection({ code: -32603, message: 'User denied account authorization' })).toBe(false)
})
