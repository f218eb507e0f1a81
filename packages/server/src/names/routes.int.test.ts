import type { AnvilHandle, TestSmartWallets } from '@portico/contracts'
import { coinTypeOf } from '@portico/core/shared'
import type { FastifyInstance } from 'fastify'
import { serializeErc6492Signature } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { freshSalt, startSmartWalletChain } from '../test-support/smart-wallet-chain.ts'
import { NameText } from './rules.ts'

const PAGE = 'http://127.0.0.1:3000'
const COIN = coinTypeOf(31337)
let chain: AnvilHandle
let wallets: TestSmartWallets

beforeAll(async () => {
  ;({ chain, wallets } = await startSmartWalletChain())
})
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend('account names', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({
      database: testDb.database,
      names: { suffix: 'portico.id', chainId: 31337, rpcUrl: chain.rpcUrl },
    })
    project = await createProject(testDb.database.db, { name: 'Page', origins: [PAGE] })
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const get = (path: string) =>
    app.inject({ method: 'GET', url: `/v1/${path}?projectId=${project.id}`, headers: { origin: PAGE } })
  const statement = (name: string, timestamp = Math.floor(Date.now() / 1000), attributes = {}) =>
    JSON.stringify({ name, attributes, timestamp })
  const register = async (
    signer: PrivateKeyAccount,
    message: string,
    options: { address?: string; signature?: string; coinType?: number; ip?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/v1/profile/account?projectId=${project.id}`,
      headers: { origin: PAGE, 'content-type': 'application/json' },
      remoteAddress: options.ip ?? '192.0.2.1',
      payload: {
        coin_type: options.coinType ?? COIN,
        address: options.address ?? signer.address,
        message,
        signature: options.signature ?? (await signer.signMessage({ message })),
      },
    })
  const unique = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e9)}`

  test('an EOA registers a name; it is found case-insensitively, in reverse, and as its identity', async () => {
    const alice = privateKeyToAccount(generatePrivateKey())
    const label = unique('Alice')
    const created = await register(alice, statement(label, undefined, { description: 'hi' }))
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      name: `${label}.portico.id`,
      addresses: { [String(COIN)]: { address: alice.address.toLowerCase() } },
      attributes: { description: 'hi' },
    })
    const found = await get(`profile/account/${label.toLowerCase()}.portico.id`)
    expect(found.statusCode).toBe(200)
    expect(found.json().name).toBe(`${label}.portico.id`)
    expect(
      (await get(`profile/reverse/${alice.address}`)).json().map((p: { name: string }) => p.name),
    ).toEqual([`${label}.portico.id`])
    const identity = (await get(`identity/${alice.address}`)).json()
    expect(identity.name).toBe(`${label}.portico.id`)
    expect(identity.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    const nobody = (await get(`identity/${privateKeyToAccount(generatePrivateKey()).address}`)).json()
    expect(nobody.name).toBeNull()
    expect(nobody.avatar).not.toBe(identity.avatar)
    expect((await get('profile/settings')).json()).toEqual({ suffix: 'portico.id', coin_type: COIN })
  })

  test('a taken name is refused to another address, whatever its case, and suggestions are free ones', async () => {
    const first = privateKeyToAccount(generatePrivateKey())
    const second = privateKeyToAccount(generatePrivateKey())
    const label = unique('bob')
    expect((await register(first, statement(label))).statusCode).toBe(201)
    const taken = await register(second, statement(label.toUpperCase()))
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.message).toBe(NameText.TAKEN)
    expect((await register(first, statement(`${label}1`))).statusCode).toBe(201)
    const { suggestions } = (await get(`profile/suggestions/${label}`)).json()
    expect(suggestions[0]).toEqual({ name: `${label}.portico.id`, registered: true })
    expect(suggestions.slice(1).every((s: { registered: boolean }) => !s.registered)).toBe(true)
    expect(suggestions.map((s: { name: string }) => s.name)).not.toContain(`${label}1.portico.id`)
    expect(suggestions.length).toBe(6)
  })

  test('a new primary name moves reverse and identity; the old name stays the address’s own', async () => {
    const carol = privateKeyToAccount(generatePrivateKey())
    const [old, next] = [unique('carol'), unique('carol')]
    expect((await register(carol, statement(old))).statusCode).toBe(201)
    expect((await register(carol, statement(next))).statusCode).toBe(201)
    expect((await get(`identity/${carol.address}`)).json().name).toBe(`${next}.portico.id`)
    const names = (await get(`profile/reverse/${carol.address}`)).json().map((p: { name: string }) => p.name)
    expect(names).toEqual([`${next}.portico.id`, `${old}.portico.id`])
    expect((await register(privateKeyToAccount(generatePrivateKey()), statement(old))).statusCode).toBe(409)
  })

  test('every rule is named with a 400; a foreign signature or an old statement is a 401; nothing is written', async () => {
    const dave = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const cases: Array<[string, string]> = [
      ['abc', NameText.TOO_SHORT],
      ['da ve', NameText.CHARACTERS],
      ['-dave', NameText.HYPHEN_EDGE],
      ['admin', NameText.RESERVED],
      ['dave.eth', NameText.OTHER_SUFFIX],
    ]
    for (const [name, reason] of cases) {
      const answer = await register(dave, statement(name))
      expect(answer.statusCode, name).toBe(400)
      expect(answer.json().error.message).toBe(reason)
    }
    expect((await register(dave, 'not json')).json().error.message).toBe(NameText.BAD_MESSAGE)
    expect((await register(dave, statement(unique('dave')), { coinType: 60 })).json().error.message).toBe(
      NameText.OTHER_COIN,
    )
    const badAvatar = await register(
      dave,
      statement(unique('dave'), undefined, { avatar: 'javascript:alert(1)' }),
    )
    expect(badAvatar.json().error.message).toBe(NameText.BAD_AVATAR)
    const label = unique('dave')
    const foreign = await register(dave, statement(label), {
      signature: await stranger.signMessage({ message: statement(label) }),
    })
    expect(foreign.statusCode).toBe(401)
    const old = await register(dave, statement(label, Math.floor(Date.now() / 1000) - 3600))
    expect(old.statusCode).toBe(401)
    expect(old.json().error.message).toBe(NameText.OLD_TIMESTAMP)
    expect((await get(`profile/account/${label}`)).statusCode).toBe(404)
    expect((await get(`profile/reverse/${dave.address}`)).json()).toEqual([])
    expect((await get('profile/account/ab')).statusCode).toBe(400)
  })

  test('a deployed smart account (ERC-1271) and one not deployed yet (ERC-6492) register names', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const deployed = await wallets.deployWallet(owner.address, freshSalt())
    const label = unique('safe')
    const message = statement(label)
    const answer = await register(owner, message, { address: deployed })
    expect(answer.statusCode).toBe(201)
    expect((await get(`identity/${deployed}`)).json().name).toBe(`${label}.portico.id`)

    const salt = freshSalt()
    const counterfactual = await wallets.walletAddress(owner.address, salt)
    const later = unique('later')
    const text = statement(later)
    const signature = serializeErc6492Signature({
      address: wallets.factory,
      data: wallets.deployCalldata(owner.address, salt),
      signature: await owner.signMessage({ message: text }),
    })
    expect((await register(owner, text, { address: counterfactual, signature })).statusCode).toBe(201)
    expect((await get(`identity/${counterfactual}`)).json().name).toBe(`${later}.portico.id`)
  })

  test('two registrations at once for one address both land, the later primary; never a 500', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const signer = privateKeyToAccount(generatePrivateKey())
        const labels = [unique('racea'), unique('raceb')]
        const responses = await Promise.all(
          labels.map((label) => register(signer, statement(label), { ip: `203.0.113.${i}` })),
        )
        return { signer, labels, statuses: responses.map((response) => response.statusCode) }
      }),
    )
    for (const { signer, labels, statuses } of pairs) {
      expect(statuses).toEqual([201, 201])
      const names = (await get(`profile/reverse/${signer.address}`)).json() as { name: string }[]
      expect(names.map((profile) => profile.name).sort()).toEqual(
        labels.map((label) => `${label}.portico.id`).sort(),
      )
      // One of the two is the address's name, whichever came last.
      expect((await get(`identity/${signer.address}`)).json().name).toBe(names[0]?.name)
    }
  })

  test('registrations are limited per client IP', async () => {
    const eve = privateKeyToAccount(generatePrivateKey())
    const statuses: number[] = []
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await register(eve, statement(unique('eve')), { ip: '198.51.100.77' })).statusCode)
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
