import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { combine, split } from 'shamir-secret-sharing'
import { type Address, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Tables } from '../db/tables.ts'
import { sealEnvelope } from '../embedded/envelope.ts'

/**
 * The secure frame's key job, done in Node for the services' tests: a key split 2-of-3 with
 * `shamir-secret-sharing` into the device, server and recovery shares (in that order), the server
 * and recovery shares as base64url text, as they travel.
 */
export interface FrameKey {
  privateKey: Hex
  address: Address
  device: Uint8Array
  server: string
  recovery: string
}

export async function newFrameKey(privateKey: Hex = generatePrivateKey()): Promise<FrameKey> {
  const [device, server, recovery] = await split(hexToBytes(privateKey), 3, 2)
  if (!device || !server || !recovery) throw new Error('the key did not split into three shares')
  return {
    privateKey,
    address: privateKeyToAccount(privateKey).address,
    device,
    server: Buffer.from(server).toString('base64url'),
    recovery: Buffer.from(recovery).toString('base64url'),
  }
}

/** A share as the library takes it: a plain Uint8Array (it refuses a Buffer). */
export const shareBytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64url'))

/** The address of the key two shares combine to; shares of different splits give some other key. */
export async function addressOfShares(first: Uint8Array, second: Uint8Array): Promise<Address> {
  const secret = await combine([first, second])
  return privateKeyToAccount(`0x${Buffer.from(secret).toString('hex')}`).address
}

/** The body of `POST /v1/auth/key/setup` for `key`, its proof signed by the key as the contract words it. */
export async function keySetupBody(key: FrameKey, email: string, signer: Hex = key.privateKey) {
  const message = `Portico key setup\nemail: ${email}\naddress: ${key.address}`
  return {
    address: key.address,
    proof: await privateKeyToAccount(signer).signMessage({ message }),
    serverShare: key.server,
    recovery: { kind: 'operator', share: key.recovery },
  }
}

type FrameCall = (path: string, body: object) => Promise<{ statusCode: number; body: string }>

/** What the frame does after a first login: a new key, split, set up with the services. */
export async function setUpKeyAsFrame(call: FrameCall, email: string): Promise<FrameKey> {
  const key = await newFrameKey()
  const answer = await call('/key/setup', await keySetupBody(key, email))
  if (answer.statusCode !== 200) throw new Error(`key setup answered ${answer.statusCode}: ${answer.body}`)
  return key
}

/**
 * A user from before key shares, written as the services wrote them: a whole key sealed under the
 * master key with the user id as associated data.
 */
export async function createLegacyUser(db: Kysely<Tables>, masterKey: Buffer, email: string) {
  const id = randomUUID()
  const privateKey = generatePrivateKey()
  const address = privateKeyToAccount(privateKey).address
  const encrypted_key = sealEnvelope(masterKey, id, hexToBytes(privateKey))
  await db.insertInto('embedded_users').values({ id, email, address, encrypted_key }).execute()
  return { id, email, address, privateKey }
}
