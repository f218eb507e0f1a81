import type { AddressInfo } from 'node:net'
import { type AnvilHandle, DEV_ACCOUNTS, deployNameResolver, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { coinTypeOf } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import {
  type Address,
  type CcipRequestParameters,
  type Chain,
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  namehash,
  type PublicClient,
  parseAbi,
  toFunctionSelector,
  toHex,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { normalize, packetToBytes, toCoinType } from 'viem/ens'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { ANSWER_TTL_S } from './gateway.ts'
import { GATEWAY_PATH, gatewayUrlOf } from './gateway-routes.ts'
import type { NamesOptions } from './routes.ts'

const PAGE = 'http://127.0.0.1:3000'
const AVATAR = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`
const gatewayKey = generatePrivateKey()
let chain: AnvilHandle

beforeAll(async () => {
  chain = await startAnvil({ port: await freePort() })
})
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend('account names through standard ENS calls', (backend) => {
  let testDb: TestDatabase
  let project: Project
  const apps: FastifyInstance[] = []
  let app: FastifyInstance
  let resolver: Address
  let ens: PublicClient

  const names = (patch: Partial<NamesOptions> = {}): NamesOptions => ({
    suffix: 'portico.id',
    chainId: 31337,
    rpcUrl: chain.rpcUrl,
    gatewayKey,
    ...patch,
  })
  async function services(options: NamesOptions): Promise<FastifyInstance> {
    const built = await buildServer({ database: testDb.database, names: options })
    apps.push(built)
    return built
  }
  /** A viem client on the chain whose ENS is the resolver, asking `gateway` (the deployed URL unless told). */
  const ensClient = (gateway?: FastifyInstance): PublicClient =>
    createPublicClient({
      chain: { ...anvilChain, contracts: { ensUniversalResolver: { address: resolver } } } as Chain,
      transport: http(chain.rpcUrl),
      ...(gateway ? { ccipRead: { request: (parameters) => askInjected(gateway, parameters) } } : {}),
    })

  beforeAll(async () => {
    testDb = await backend.open()
    app = await services(names())
    await app.listen({ host: '127.0.0.1', port: 0 })
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const transport = http(chain.rpcUrl)
    resolver = await deployNameResolver(
      createWalletClient({
        account: privateKeyToAccount(DEV_ACCOUNTS[0].privateKey),
        chain: anvilChain,
        transport,
      }),
      createPublicClient({ chain: anvilChain, transport }),
      { urls: [gatewayUrlOf(origin)], signer: privateKeyToAccount(gatewayKey).address },
    )
    ens = ensClient()
    project = await createProject(testDb.database.db, { name: 'Page', origins: [PAGE] })
  })
  afterAll(async () => {
    for (const each of apps) await each.close()
    await testDb?.dispose()
  })

  const unique = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e9)}`
  async function register(owner: PrivateKeyAccount, label: string, attributes: Record<string, string> = {}) {
    const message = JSON.stringify({ name: label, attributes, timestamp: Math.floor(Date.now() / 1000) })
    const answer = await app.inject({
      method: 'POST',
      url: `/v1/profile/account?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: {
        coin_type: coinTypeOf(31337),
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      },
    })
    expect(answer.statusCode, answer.body).toBe(201)
    return `${label.toLowerCase()}.portico.id`
  }

  test('a registered name resolves to its address, its avatar and back, as viem asks by default', async () => {
    const alice = privateKeyToAccount(generatePrivateKey())
    const name = await register(alice, unique('Alice'), { avatar: AVATAR, description: 'hi' })
    expect(await ens.getEnsAddress({ name: normalize(name) })).toBe(alice.address)
    expect(await ens.getEnsText({ name, key: 'avatar' })).toBe(AVATAR)
    expect(await ens.getEnsText({ name, key: 'description' })).toBe('hi')
    expect(await ens.getEnsAvatar({ name })).toBe(AVATAR)
    expect(await ens.getEnsName({ address: alice.address })).toBe(name)
    // The chain's own coin type (ENSIP-11) answers the same as Ethereum's default one.
    const coinType = toCoinType(31337)
    expect((await ens.getEnsAddress({ name, coinType }))?.toLowerCase()).toBe(alice.address.toLowerCase())
    expect(await ens.getEnsName({ address: alice.address, coinType })).toBe(name)
    // A client that does not normalise still finds it: names are case-insensitive.
    expect(await ens.getEnsAddress({ name: name.toUpperCase() })).toBe(alice.address)
  })

  test('after a new primary name, reverse resolution follows and the old name still resolves', async () => {
    const carol = privateKeyToAccount(generatePrivateKey())
    const old = await register(carol, unique('carol'))
    expect(await ens.getEnsName({ address: carol.address })).toBe(old)
    const next = await register(carol, unique('carol'))
    expect(await ens.getEnsName({ address: carol.address })).toBe(next)
    expect(await ens.getEnsAddress({ name: old })).toBe(carol.address)
  })

  test('what is not registered here resolves to null, not to an error', async () => {
    const nobody = privateKeyToAccount(generatePrivateKey())
    expect(await ens.getEnsAddress({ name: `${unique('nobody')}.portico.id` })).toBeNull()
    expect(await ens.getEnsText({ name: `${unique('nobody')}.portico.id`, key: 'avatar' })).toBeNull()
    expect(await ens.getEnsAvatar({ name: `${unique('nobody')}.portico.id` })).toBeNull()
    expect(await ens.getEnsName({ address: nobody.address })).toBeNull()
    expect(await ens.getEnsAddress({ name: 'vitalik.eth' })).toBeNull()
    const dave = privateKeyToAccount(generatePrivateKey())
    const name = await register(dave, unique('dave'))
    expect(await ens.getEnsText({ name, key: 'avatar' })).toBeNull()
    expect(await ens.getEnsAddress({ name, coinType: 0n })).toBeNull()
  })

  test('an answer signed by another key, tampered with, or expired is refused', async () => {
    const erin = privateKeyToAccount(generatePrivateKey())
    const name = await register(erin, unique('erin'))
    // The resolver's reverts, by selector: viem knows only the Universal Resolver's own errors.
    const INVALID_SIGNATURE = toFunctionSelector('InvalidSignature()')
    const rogue = await services(names({ gatewayKey: generatePrivateKey() }))
    await expect(ensClient(rogue).getEnsAddress({ name })).rejects.toThrow(INVALID_SIGNATURE)
    await expect(ensClient(rogue).getEnsName({ address: erin.address })).rejects.toThrow(INVALID_SIGNATURE)

    const late = await services(names({ now: () => Date.now() - (ANSWER_TTL_S + 60) * 1000 }))
    await expect(ensClient(late).getEnsAddress({ name })).rejects.toThrow(
      toFunctionSelector('AnswerExpired(uint64)'),
    )

    // The real gateway's signed answer with another address put in: the signature no longer fits.
    const tampering = createPublicClient({
      chain: { ...anvilChain, contracts: { ensUniversalResolver: { address: resolver } } } as Chain,
      transport: http(chain.rpcUrl),
      ccipRead: {
        async request(parameters) {
          const [, expires, signature] = decodeAbiParameters(
            [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
            await askInjected(app, parameters),
          )
          const forged = encodeAbiParameters([{ type: 'address' }], [DEV_ACCOUNTS[1].address])
          return encodeAbiParameters(
            [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
            [forged, expires, signature],
          )
        },
      },
    })
    await expect(tampering.getEnsAddress({ name })).rejects.toThrow(INVALID_SIGNATURE)
    // The same client with the answer untouched: it was the tampering that failed it.
    expect(await ensClient(app).getEnsAddress({ name })).toBe(erin.address)
  })

  test('the gateway needs no project or Origin, answers GET and POST alike, and refuses bad input with a 400', async () => {
    const frank = privateKeyToAccount(generatePrivateKey())
    const name = await register(frank, unique('frank'))
    const data = encodeFunctionData({
      abi: parseAbi(['function resolve(bytes name, bytes data)']),
      functionName: 'resolve',
      args: [
        toHex(packetToBytes(name)),
        encodeFunctionData({
          abi: parseAbi(['function addr(bytes32 node) view returns (address)']),
          functionName: 'addr',
          args: [namehash(name)],
        }),
      ],
    })
    const sender = resolver.toLowerCase()
    const viaGet = await app.inject({ url: `${GATEWAY_PATH}/${sender}/${data}.json` })
    expect(viaGet.statusCode).toBe(200)
    expect(viaGet.headers['access-control-allow-origin']).toBe('*')
    const viaPost = await app.inject({ method: 'POST', url: GATEWAY_PATH, payload: { sender, data } })
    expect(viaPost.statusCode).toBe(200)
    const resultOf = (body: Hex) => decodeAbiParameters([{ type: 'bytes' }], body)[0]
    expect(resultOf(viaPost.json().data)).toBe(resultOf(viaGet.json().data))

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: GATEWAY_PATH,
      headers: { origin: 'https://any.app', 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')

    const refused = [
      `${GATEWAY_PATH}/${sender}/0x12345.json`,
      `${GATEWAY_PATH}/0x1234/${data}.json`,
      `${GATEWAY_PATH}/${sender}/0x12345678.json`,
      `${GATEWAY_PATH}/${sender}/0x${'00'.repeat(5000)}.json`,
    ]
    for (const url of refused) {
      const answer = await app.inject({ url })
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json().error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) })
    }
  })

  test('the gateway is limited per client IP', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 601; attempt++)
      statuses.push(
        (await app.inject({ url: `${GATEWAY_PATH}/${resolver}/0x.json`, remoteAddress: '198.51.100.9' }))
          .statusCode,
      )
    expect(statuses.filter((status) => status === 429)).toHaveLength(1)
    expect(statuses[600]).toBe(429)
  })
})

/** viem's gateway request, answered by `app` in-process (POST, as viem sends without {data} in the URL). */
async function askInjected(app: FastifyInstance, { sender, data }: CcipRequestParameters): Promise<Hex> {
  const answer = await app.inject({ method: 'POST', url: GATEWAY_PATH, payload: { sender, data } })
  if (answer.statusCode !== 200) throw new Error(`gateway answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data
}
