import { DEMO_TOKEN_ICONS, DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildServer } from '../server.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { swapApp } from '../test-support/swap-app.ts'
import { deployTestSwaps, type TestSwaps } from '../test-support/swaps.ts'
import { routerAbi } from './abis.ts'
import { NATIVE_TOKEN } from './market.ts'

const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:${NATIVE_TOKEN}`
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

const plain = (caip: string) => caip.split(':')[2] as Address
/** What the router itself says `amountIn` along `path` (CAIP-10 or plain addresses) gives. */
const routerQuote = async (amountIn: bigint, path: string[]) =>
  (
    await chain.client.readContract({
      address: swaps.uniswap.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path.map((entry) => (entry.includes(':') ? plain(entry) : (entry as Address)))],
    })
  ).at(-1)
const tokenBalance = (token: string, owner: Address) =>
  chain.client.readContract({
    address: plain(token),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

describeEachBackend('convert routes', (backend) => {
  const services = swapApp(backend, () => swaps.config)
  // Each backend trades on the chain as the demo left it.
  let snapshot: Hash
  beforeAll(async () => {
    snapshot = await chain.snapshot()
  })
  afterAll(async () => {
    await chain.revert(snapshot)
  })

  /** Signs and sends what build-approve or build-transaction answered, as the user's wallet would. */
  const sendBuilt = async (
    from: number,
    tx: { to: string; data: Hex; value?: string; eip155: Record<string, string> },
  ) => {
    const hash = await chain.wallet(from).sendTransaction({
      to: plain(tx.to),
      data: tx.data,
      value: BigInt(tx.value ?? '0'),
      ...(tx.eip155.gas ? { gas: BigInt(tx.eip155.gas) } : {}),
      gasPrice: BigInt(tx.eip155.gasPrice ?? '0'),
    })
    return chain.client.waitForTransactionReceipt({ hash })
  }
  const quote = async (amount: bigint, from: string, to: string) => {
    const { status, body } = await services.get(
      `/convert/quotes?amount=${amount}&from=${from}&to=${to}&gasPrice=1`,
    )
    expect(status, JSON.stringify(body)).toBe(200)
    return body.quotes[0]
  }
  const build = async (user: Address, amount: bigint, from: string, to: string, slippage?: number) => {
    const { status, body } = await services.post('/convert/build-transaction', {
      amount: amount.toString(),
      from,
      to,
      userAddress: `${CHAIN}:${user}`,
      ...(slippage === undefined ? {} : { eip155: { slippage } }),
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return body
  }

  test('tokens: native ETH first, then the pooled demo tokens, in the swap token mapping', async () => {
    const { status, body } = await services.get(`/convert/tokens?chainId=${CHAIN}`)
    expect(status).toBe(200)
    expect(body.tokens).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        address: ETH,
        decimals: 18,
        logoUri: DEMO_TOKEN_ICONS.ETH,
        eip2612: false,
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        address: usdc,
        decimals: 6,
        logoUri: DEMO_TOKEN_ICONS.USDC,
        eip2612: false,
      },
      {
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        address: dai,
        decimals: 18,
        logoUri: DEMO_TOKEN_ICONS.DAI,
        eip2612: false,
      },
    ])
    expect(body.suggested).toEqual(['ETH', 'USDC', 'DAI'])
    expect(body.popular).toEqual(['ETH', 'USDC', 'DAI'])
  })

  test('quotes: exactly what the router’s getAmountsOut gives, ETH and tokens both ways and token to token through WETH', async () => {
    const weth = `${CHAIN}:${swaps.uniswap.weth}`
    const cases = [
      { amount: parseEther('1.5'), from: ETH, to: usdc, route: [weth, usdc] },
      { amount: parseUnits('2500', 6), from: usdc, to: ETH, route: [usdc, weth] },
      { amount: parseUnits('100', 18), from: dai, to: ETH, route: [dai, weth] },
      { amount: parseUnits('100', 6), from: usdc, to: dai, route: [usdc, weth, dai] },
    ]
    for (const { amount, from, to, route } of cases) {
      const answer = await quote(amount, from, to)
      expect(answer).toMatchObject({ fromAmount: amount.toString(), fromAccount: from, toAccount: to, route })
      expect(answer.id).toEqual(expect.any(String))
      expect(BigInt(answer.toAmount)).toBe(await routerQuote(amount, route))
      // Small against pools of 1,000 ETH: well under a percent, and never negative.
      expect(answer.priceImpact).toBeGreaterThan(0)
      expect(answer.priceImpact).toBeLessThan(1)
    }
    // 1.5 ETH at 3,000 USD, less the 0.3 % fee and a sliver of impact.
    const eth = await quote(parseEther('1.5'), ETH, usdc)
    expect(Number(eth.toAmount) / 1e6).toBeCloseTo(4500 * 0.997 * (1 - eth.priceImpact / 100), 1)
  })

  // Before the swaps below move the WETH pools' prices: a 1:1 direct pair is then the better way.
  test('token to token takes a direct pair once one exists, when it gives more than the way through WETH', async () => {
    const deployer = chain.wallet(8)
    const tokens = [chain.deployment.tokens.USDC, chain.deployment.tokens.DAI]
    const deep = [parseUnits('1000000', 6), parseUnits('1000000', 18)] as const
    for (const [index, token] of tokens.entries())
      for (const functionName of ['mint', 'approve'] as const) {
        const to = functionName === 'mint' ? deployer.account.address : swaps.uniswap.router
        const hash = await deployer.writeContract({
          address: token.address,
          abi: demoTokenAbi,
          functionName,
          args: [to, deep[index] as bigint],
        })
        await chain.client.waitForTransactionReceipt({ hash })
      }
    const { timestamp } = await chain.client.getBlock()
    const hash = await deployer.writeContract({
      address: swaps.uniswap.router,
      abi: parseAbi([
        'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline)',
      ]),
      functionName: 'addLiquidity',
      args: [
        tokens[0]?.address as Address,
        tokens[1]?.address as Address,
        ...deep,
        ...deep,
        deployer.account.address,
        timestamp + 600n,
      ],
    })
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')

    // A fresh instance: the one above took the pair for missing a moment ago (pairs.ts).
    const fresh = await buildServer({ database: services.database, swaps: swaps.config })
    try {
      const amount = parseUnits('100', 6)
      const response = await fresh.inject({
        url: `/v1/convert/quotes?amount=${amount}&from=${usdc}&to=${dai}&projectId=${services.projectId}`,
        headers: { origin: services.origin },
      })
      const [direct] = response.json().quotes
      expect(direct.route).toEqual([usdc, dai])
      expect(BigInt(direct.toAmount)).toBe(await routerQuote(amount, [usdc, dai]))
      expect(BigInt(direct.toAmount)).toBeGreaterThan(
        (await routerQuote(amount, [usdc, `${CHAIN}:${swaps.uniswap.weth}`, dai])) ?? 0n,
      )
    } finally {
      await fresh.close()
    }
  })

  test('a built ETH → USDC swap, signed and sent, pays the quote and moves both balances', async () => {
    const user = DEV_ACCOUNTS[5].address
    const amount = parseEther('2')
    const built = await build(user, amount, ETH, usdc)
    expect(built.tx).toMatchObject({
      from: `${CHAIN}:${user}`,
      to: `${CHAIN}:${swaps.uniswap.router}`,
      amount: amount.toString(),
      value: amount.toString(),
    })
    expect(BigInt(built.minimumToAmount)).toBe((BigInt(built.toAmount) * 9_900n) / 10_000n)
    expect(built.deadline).toBeGreaterThan(Date.now() / 1000 + 19 * 60)
    const [ethBefore, usdcBefore] = await Promise.all([
      chain.client.getBalance({ address: user }),
      tokenBalance(usdc, user),
    ])
    const receipt = await sendBuilt(5, built.tx)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.tx.eip155.gas))
    const received = (await tokenBalance(usdc, user)) - usdcBefore
    expect(received).toBeGreaterThanOrEqual(BigInt(built.minimumToAmount))
    expect(received).toBe(BigInt(built.toAmount))
    const spent = ethBefore - (await chain.client.getBalance({ address: user }))
    expect(spent).toBe(amount + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  test('slippage too tight: the price moves between quote and execution, and the router refuses the swap', async () => {
    const user = DEV_ACCOUNTS[5].address
    const built = await build(user, parseEther('1'), ETH, usdc, 0.1)
    expect(BigInt(built.minimumToAmount)).toBe((BigInt(built.toAmount) * 9_990n) / 10_000n)
    // Someone else buys USDC first: ETH → USDC gives less now.
    const mover = await build(DEV_ACCOUNTS[6].address, parseEther('20'), ETH, usdc)
    expect((await sendBuilt(6, mover.tx)).status).toBe('success')

    const call = { account: user, to: plain(built.tx.to), data: built.tx.data, value: BigInt(built.tx.value) }
    await expect(chain.client.call(call)).rejects.toThrow(/UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT/)
    const usdcBefore = await tokenBalance(usdc, user)
    expect((await sendBuilt(5, built.tx)).status).toBe('reverted')
    expect(await tokenBalance(usdc, user)).toBe(usdcBefore)
  })

  test('allowance flow: 0, build-approve, approved, allowance = amount, then USDC → ETH swaps', async () => {
    const user = DEV_ACCOUNTS[1].address
    const amount = parseUnits('1500', 6)
    const allowance = async () => {
      const { status, body } = await services.get(
        `/convert/allowance?tokenAddress=${usdc}&userAddress=${CHAIN}:${user}`,
      )
      expect(status).toBe(200)
      return body.allowance
    }
    expect(await allowance()).toBe('0')
    const refused = await services.post('/convert/build-transaction', {
      amount: amount.toString(),
      from: usdc,
      to: ETH,
      userAddress: user,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toBe(
      `body.from: the router may take only 0 USDC from ${user}; approve the amount first (build-approve)`,
    )

    const approve = await services.get(
      `/convert/build-approve?userAddress=${user}&from=${usdc}&to=${ETH}&amount=${amount}`,
    )
    expect(approve.status).toBe(200)
    expect(approve.body.tx).toMatchObject({ from: `${CHAIN}:${user}`, to: usdc, value: '0' })
    expect((await sendBuilt(1, approve.body.tx)).status).toBe('success')
    expect(await allowance()).toBe(amount.toString())

    const built = await build(user, amount, usdc, ETH)
    expect(built.tx.value).toBe('0')
    const [ethBefore, usdcBefore] = await Promise.all([
      chain.client.getBalance({ address: user }),
      tokenBalance(usdc, user),
    ])
    const receipt = await sendBuilt(1, built.tx)
    expect(receipt.status).toBe('success')
    expect(usdcBefore - (await tokenBalance(usdc, user))).toBe(amount)
    const gained =
      (await chain.client.getBalance({ address: user })) -
      ethBefore +
      receipt.gasUsed * receipt.effectiveGasPrice
    expect(gained).toBe(BigInt(built.toAmount))
    expect(await allowance()).toBe('0')
  })

  test('another chain id: Network not supported for Swaps, in both error shapes', async () => {
    for (const path of [
      '/convert/tokens?chainId=eip155:1',
      `/convert/quotes?amount=1&from=eip155:1:${NATIVE_TOKEN}&to=${usdc}`,
    ]) {
      const { status, body } = await services.get(path)
      expect(status).toBe(400)
      expect(body).toMatchObject({
        error: { code: 'BAD_REQUEST', message: 'Network not supported for Swaps' },
        status: 'FAILED',
        reasons: [{ description: 'Network not supported for Swaps' }],
      })
    }
  })
})
