import { expect, test } from 'vitest'
import { HttpError } from '../http/errors.ts'
import { deviceProof, newDevice } from '../test-support/device-key.ts'
import { createDeviceProofs, DeviceProofText } from './device-proof.ts'

const URL_ = 'https://wallet.example/v1/auth/key/share'
const request = (token?: string) => ({ method: 'POST', url: new URL(URL_), token })

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(HttpError)
  expect((error as HttpError).statusCode).toBe(401)
  return (error as HttpError).message
}

test("a proof names the device by its key's thumbprint, and is good once", async () => {
  const verify = createDeviceProofs()
  const device = newDevice()
  const proof = deviceProof(device, { url: URL_, token: 'session-token' })
  expect(await verify(proof, request('session-token'))).toEqual({ deviceId: device })
  expect(await refusal(verify(proof, request('session-token')))).toBe(DeviceProofText.REPLAYED)
})

test('without a proof, a session token is refused', async () => {
  expect(await refusal(createDeviceProofs()(undefined, request('session-token')))).toBe(
    DeviceProofText.MISSING,
  )
})

test('a proof made for another token, URL or method, or with a forged signature, proves nothing', async () => {
  const verify = createDeviceProofs()
  const device = newDevice()
  const forOther = deviceProof(device, { url: URL_, token: 'another-token' })
  expect(await refusal(verify(forOther, request('session-token')))).toBe(DeviceProofText.INVALID)
  const withoutToken = deviceProof(device, { url: URL_ })
  expect(await refusal(verify(withoutToken, request('session-token')))).toBe(DeviceProofText.INVALID)
  const otherRoute = deviceProof(device, { url: 'https://wallet.example/v1/auth/user' })
  expect(await refusal(verify(otherRoute, request()))).toBe(DeviceProofText.INVALID)
  const otherHost = deviceProof(device, { url: 'https://evil.example/v1/auth/key/share' })
  expect(await refusal(verify(otherHost, request()))).toBe(DeviceProofText.INVALID)
  const get = deviceProof(device, { url: URL_, method: 'GET' })
  expect(await refusal(verify(get, request()))).toBe(DeviceProofText.INVALID)
  // Another key's signature under this key's header: the key in the header must have signed.
  const [header] = deviceProof(device, { url: URL_ }).split('.')
  const [, payload, signature] = deviceProof(newDevice(), { url: URL_ }).split('.')
  expect(await refusal(verify(`${header}.${payload}.${signature}`, request()))).toBe(DeviceProofText.INVALID)
  expect(await refusal(verify('not.a.proof', request()))).toBe(DeviceProofText.INVALID)
})

test('a proof from more than a minute away is out of date', async () => {
  const verify = createDeviceProofs()
  const device = newDevice()
  const now = Math.floor(Date.now() / 1000)
  expect(await refusal(verify(deviceProof(device, { url: URL_, at: now - 120 }), request()))).toBe(
    DeviceProofText.STALE,
  )
  expect(await refusal(verify(deviceProof(device, { url: URL_, at: now + 120 }), request()))).toBe(
    DeviceProofText.STALE,
  )
  expect(await verify(deviceProof(device, { url: URL_, at: now - 30 }), request())).toEqual({
    deviceId: device,
  })
})
