import { DEV_ACCOUNTS } from '@portico/contracts'
import { erc20Abi, formatUnits, getAddress, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { swapApp } from '../test-support/swap-app.ts'
import { deployTestSwaps, type TestSwaps } from '../test-support/swaps.ts'
import { NATIVE_TOKEN } from './market.ts'

const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:${NATIVE_TOKEN}`
const USER = DEV_ACCOUNTS[2].address
const STRANGER = '0x000000000000000000000000000000000000dEaD'
let chain: TestChain
let swaps: TestSwaps
let usdc: string
let dai: string

beforeAll(async () => {
  chain = await startTestChain()
  swaps = await deployTestSwaps(chain)
  usdc = `${CHAIN}:${getAddress(chain.deployment.tokens.USDC.address)}`
  dai = `${CHAIN}:${getAddress(chain.deployment.tokens.DAI.address)}`
})
afterAll(async () => {
  await chain?.stop()
})

type Refusal = { message: string; field: string }

describeEachBackend('convert routes: bad input', (backend) => {
  const services = swapApp(backend, () => swaps.config)

  /** The 400 answers in both shapes: ours with the message, AppKit's with the field and the rest. */
  const expectRefusal = (body: unknown, { message, field }: Refusal) => {
    const prefix = /^(query|body)\.[\w.]+: /.exec(message)?.[0] ?? ''
    expect(body).toEqual({
      error: { code: 'BAD_REQUEST', message },
      status: 'FAILED',
      reasons: [{ field, description: message.slice(prefix.length) }],
    })
  }
  const quotes = (query: string) => services.get(`/convert/quotes?${query}`)
  const swap = (body: Record<string, unknown>) =>
    services.post('/convert/build-transaction', {
      amount: '1000000',
      from: usdc,
      to: ETH,
      userAddress: `${CHAIN}:${USER}`,
      ...body,
    })

  test('amounts: zero, negative, not whole, not digits, missing, past 256 bits', async () => {
    const cases: Array<[string, string]> = [
      ['0', 'must be more than 0'],
      ['-5', 'must be more than 0'],
      ['1.5', 'must be a whole number of the token’s base units, digits only (1500000 for 1.5 USDC)'],
      ['1e18', 'must be a whole number of the token’s base units, digits only (1500000 for 1.5 USDC)'],
      ['', 'must be a whole number of the token’s base units, digits only (1500000 for 1.5 USDC)'],
      [(2n ** 256n).toString(), 'must be below 2^256'],
      ['9'.repeat(100), 'must be below 2^256'],
    ]
    for (const [amount, text] of cases) {
      const { status, body } = await quotes(`amount=${encodeURIComponent(amount)}&from=${ETH}&to=${usdc}`)
      expect(status, amount).toBe(400)
      expectRefusal(body, { message: `query.amount: ${text}`, field: 'amount' })
    }
    const missing = await quotes(`from=${ETH}&to=${usdc}`)
    expectRefusal(missing.body, {
      message: 'query.amount: is required: the amount in the token’s base units',
      field: 'amount',
    })
    const asNumber = await swap({ amount: 1000000 })
    expectRefusal(asNumber.body, {
      message: 'body.amount: must be a string: the amount in the token’s base units',
      field: 'amount',
    })
  })

  test('amounts the pools cannot fill: insufficient liquidity; one too small to buy anything', async () => {
    const liquidity = 'Conversion parameter error: insufficient liquidity'
    // Half the pool's own depth and more: the price would fall past half.
    for (const amount of [parseEther('5000'), 10n ** 70n]) {
      const { status, body } = await quotes(`amount=${amount}&from=${ETH}&to=${usdc}`)
      expect(status).toBe(400)
      expectRefusal(body, { message: `query.amount: ${liquidity}`, field: 'amount' })
    }
    const tooBig = await swap({ amount: parseUnits('50000000', 6).toString() })
    expectRefusal(tooBig.body, { message: `body.amount: ${liquidity}`, field: 'amount' })
    const dust = await quotes(`amount=1&from=${ETH}&to=${usdc}`)
    expectRefusal(dust.body, { message: 'query.amount: too small to receive any USDC', field: 'amount' })
  })

  test('tokens: malformed, unknown, the same twice, on another chain than the first', async () => {
    const cases: Array<[string, Refusal]> = [
      [
        `from=${CHAIN}:0x1234&to=${usdc}`,
        { message: 'query.from: malformed token address: expected 0x and 40 hex digits', field: 'from' },
      ],
      [
        `from=USDC&to=${usdc}`,
        {
          message:
            'query.from: malformed token address: Invalid CAIP address "USDC": expected 3 parts (namespace:reference:address)',
          field: 'from',
        },
      ],
      [
        `from=${ETH}&to=${CHAIN}:${STRANGER}`,
        {
          message: `query.to: unknown token ${STRANGER}: ${CHAIN} swaps ETH, USDC, DAI`,
          field: 'to',
        },
      ],
      [
        `from=${usdc}&to=${usdc.toLowerCase()}`,
        { message: 'query.to: must differ from query.from', field: 'to' },
      ],
      [
        `from=${usdc}&to=eip155:1:${NATIVE_TOKEN}`,
        { message: `query.to: must be on ${CHAIN}, the chain of the swap`, field: 'to' },
      ],
    ]
    for (const [query, refusal] of cases) {
      const { status, body } = await quotes(`amount=1000&${query}`)
      expect(status, query).toBe(400)
      expectRefusal(body, refusal)
    }
  })

  test('accounts: malformed, or on another chain than the tokens', async () => {
    const malformed =
      'malformed account address: expected 0x and 40 hex digits, or eip155:<chain id>:0x and 40 hex digits'
    for (const userAddress of ['0x12', `${CHAIN}:0x12`, 'alice.eth']) {
      const { status, body } = await quotes(`amount=1000&from=${ETH}&to=${dai}&userAddress=${userAddress}`)
      expect(status).toBe(400)
      expectRefusal(body, { message: `query.userAddress: ${malformed}`, field: 'userAddress' })
    }
    const elsewhere = await services.get(
      `/convert/allowance?tokenAddress=${usdc}&userAddress=eip155:1:${USER}`,
    )
    expectRefusal(elsewhere.body, {
      message: `query.userAddress: must be on ${CHAIN}, the chain of the swap`,
      field: 'userAddress',
    })
  })

  test('slippage outside 0–50 %, or not a number', async () => {
    for (const slippage of [-1, 50.5, 100, '1', null]) {
      const { status, body } = await swap({ eip155: { slippage } })
      expect(status, String(slippage)).toBe(400)
      expectRefusal(body, {
        message: 'body.eip155.slippage: must be a percentage from 0 to 50',
        field: 'eip155.slippage',
      })
    }
  })

  test('allowance and approval of the native token; a swap of more than the account holds; no body', async () => {
    const allowance = await services.get(`/convert/allowance?tokenAddress=${ETH}&userAddress=${USER}`)
    expectRefusal(allowance.body, {
      message: 'query.tokenAddress: ETH is the native token: it needs no approval',
      field: 'tokenAddress',
    })
    const approve = await services.get(
      `/convert/build-approve?userAddress=${USER}&from=${ETH}&to=${usdc}&amount=1`,
    )
    expectRefusal(approve.body, {
      message: 'query.from: ETH is the native token: it needs no approval',
      field: 'from',
    })

    const holds = await chain.client.readContract({
      address: chain.deployment.tokens.USDC.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [USER],
    })
    const held = await swap({ amount: (holds + 1n).toString() })
    expectRefusal(held.body, {
      message: `body.amount: more than ${USER} holds (${formatUnits(holds, 6)} USDC)`,
      field: 'amount',
    })
    const eth = await swap({
      from: ETH,
      to: dai,
      amount: parseEther('990').toString(),
      userAddress: STRANGER,
    })
    expectRefusal(eth.body, {
      message: `body.amount: more than ${getAddress(STRANGER)} holds (0 ETH)`,
      field: 'amount',
    })

    const empty = await services.post('/convert/build-transaction', '')
    expect(empty.status).toBe(400)
    expect(empty.body.reasons).toEqual([{ field: 'request', description: expect.any(String) }])
  })

  test('another chain id: Network not supported for Swaps on every route', async () => {
    const other = `eip155:1:${NATIVE_TOKEN}`
    const cases: Array<[Promise<{ status: number; body: unknown }>, string]> = [
      [services.get('/convert/tokens?chainId=eip155:10'), 'chainId'],
      [services.get('/convert/tokens?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), 'chainId'],
      [quotes(`amount=1&from=${other}&to=${usdc}`), 'from'],
      [
        services.get(`/convert/allowance?tokenAddress=eip155:1:${STRANGER}&userAddress=${USER}`),
        'tokenAddress',
      ],
      [services.get(`/convert/build-approve?userAddress=${USER}&from=${other}&to=${usdc}&amount=1`), 'from'],
      [swap({ from: other }), 'from'],
    ]
    for (const [answer, field] of cases) {
      const { status, body } = await answer
      expect(status).toBe(400)
      expectRefusal(body, { message: 'Network not supported for Swaps', field })
    }
  })
})
