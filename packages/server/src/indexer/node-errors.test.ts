import { InternalRpcError, LimitExceededRpcError, MethodNotFoundRpcError, RpcRequestError } from 'viem'
import { expect, test } from 'vitest'
import { isRangeRefusal, isUnsupported } from './node-errors.ts'

const rpc = (code: number, message: string) =>
  new RpcRequestError({ body: {}, url: 'http://node', error: { code, message } })

test('the usual providers’ “ask for less” answers are range refusals', () => {
  for (const message of [
    'query returned more than 10000 results',
    'eth_getLogs is limited to a 10,000 range',
    'block range is too wide',
    'Log response size exceeded.',
    'request timed out',
  ])
    expect(isRangeRefusal(new InternalRpcError(rpc(-32000, message))), message).toBe(true)
  expect(isRangeRefusal(new LimitExceededRpcError(rpc(-32005, 'slow down')))).toBe(true)
})

test('a missing method is unsupported, and neither is a plain failure', () => {
  expect(
    isUnsupported(new MethodNotFoundRpcError(rpc(-32601, 'the method trace_filter does not exist'))),
  ).toBe(true)
  const plain = new InternalRpcError(rpc(-32000, 'header not found'))
  expect(isUnsupported(plain)).toBe(false)
  expect(isRangeRefusal(plain)).toBe(false)
})
