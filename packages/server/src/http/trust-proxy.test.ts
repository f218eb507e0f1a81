import { expect, test } from 'vitest'
import { trustProxyFromEnv } from './trust-proxy.ts'

test('unset or false trusts no proxy; true and address lists pass through', () => {
  expect(trustProxyFromEnv(undefined)).toBeUndefined()
  expect(trustProxyFromEnv(' ')).toBeUndefined()
  expect(trustProxyFromEnv('false')).toBeUndefined()
  expect(trustProxyFromEnv('true')).toBe(true)
  expect(() => trustProxyFromEnv('2')).toThrow('TRUST_PROXY')
  expect(trustProxyFromEnv('127.0.0.1, 10.0.0.0/8,::1')).toBe('127.0.0.1,10.0.0.0/8,::1')
})

test('a value that is no address says what to write instead', () => {
  expect(() => trustProxyFromEnv('proxy.internal')).toThrow(
    'TRUST_PROXY: "proxy.internal" is not an IP address',
  )
  expect(() => trustProxyFromEnv('10.0.0.0/33')).toThrow('TRUST_PROXY')
  expect(() => trustProxyFromEnv('10.0.0.0/8/1')).toThrow('TRUST_PROXY')
})
