import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addressOfKey, ensureSmartAccounts, readEntryPointArtifact, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { toPorticoSmartAccount } from '@portico/core/shared'
import { startServer } from '@portico/server'
import { createPublicClient, createTestClient, type Hex, http, parseEther } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { markdownTable } from '../scripts/markdown-table.ts'
import { percentile } from './stats.ts'

/**
 * The services' ERC-4337 bundler on anvil (automine), with a PGlite database:
 * - acceptance: OPERATIONS signed, sponsored user operations (each a new account's first, so each
 *   deploys it) sent CONCURRENCY at a time to `eth_sendUserOperation`; what counts is the rate the
 *   bundler validates (simulation) and stores them, while its submitter bundles them meanwhile;
 * - latency: TRANSFERS sponsored transfers of 0.001 ETH one after another, from `eth_sendUserOperation`
 *   to the first `eth_getUserOperationReceipt` that answers (polled every 5 ms).
 * Services, anvil and the load share the machine's cores.
 */
const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 200)
const CONCURRENCY = 16
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 50)
const PAGE = 'http://bench.example'

const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-bundler-'))
const anvil = await startAnvil({ port: await freePort() })
try {
  const operatorKey = generatePrivateKey()
  const signerKey = generatePrivateKey()
  const contracts = await ensureSmartAccounts({
    rpcUrl: anvil.rpcUrl,
    dataDir,
    paymasterSigner: addressOfKey(signerKey),
    operators: [addressOfKey(operatorKey)],
  })
  const projectId = randomBytes(16).toString('hex')
  const server = await startServer({
    mode: 'development',
    port: 0,
    log: () => {},
    devProject: { id: projectId, name: 'Bench', origins: [PAGE] },
    bundler: {
      chainId: anvilChain.id,
      rpcUrl: anvil.rpcUrl,
      operatorKey,
      simulations: { code: (await readEntryPointArtifact('EntryPointSimulations')).deployedBytecode },
      accountFactory: contracts.factory,
      sponsorship: {
        paymaster: contracts.paymaster,
        signerKey,
        limits: { operationsPerSenderPerDay: 1_000, weiPerDay: parseEther('1000') },
      },
    },
  })
  try {
    const url = `${server.url}/v1/bundler?projectId=${projectId}`
    const transport = http(url, { fetchOptions: { headers: { origin: PAGE } } })
    const client = createPublicClient({
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
      pollingInterval: 5,
    })
    const node = createTestClient({ mode: 'anvil', chain: anvilChain, transport: http(anvil.rpcUrl) })
    const newAccount = async () => {
      const account = await toPorticoSmartAccount(privateKeyToAccount(generatePrivateKey()), {
        client,
        factory: contracts.factory,
      })
      const bundler = createBundlerClient({
        account,
        client,
        transport,
        pollingInterval: 5,
        paymaster: createPaymasterClient({ transport }),
      })
      return { account, bundler }
    }
    const send = async (op: Record<string, unknown>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { origin: PAGE, 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_sendUserOperation',
          params: [op, contracts.entryPoint],
        }),
      })
      const answer = (await response.json()) as { result?: Hex; error?: { message: string } }
      if (!answer.result) throw new Error(answer.error?.message ?? 'no answer')
      return answer.result
    }

    // Acceptance: the operations are prepared and signed first, then only the sends are timed.
    const signed: Record<string, unknown>[] = []
    for (let i = 0; i < OPERATIONS; i++) {
      const { account, bundler } = await newAccount()
      const op = await bundler.prepareUserOperation({ calls: [{ to: account.address, value: 0n }] })
      signed.push(formatUserOperationRequest({ ...op, signature: await account.signUserOperation(op) }))
    }
    const accepted = performance.now()
    let next = 0
    let refused = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < signed.length) {
          const op = signed[next++] as Record<string, unknown>
          await send(op).catch(() => refused++)
        }
      }),
    )
    const acceptSeconds = (performance.now() - accepted) / 1000

    // Latency: one sponsored transfer at a time, from its submission to its receipt.
    const latencies: number[] = []
    for (let i = 0; i < TRANSFERS; i++) {
      const { account, bundler } = await newAccount()
      await node.setBalance({ address: account.address, value: parseEther('0.01') })
      const op = await bundler.prepareUserOperation({
        calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: parseEther('0.001') }],
      })
      const started = performance.now()
      const hash = await send(
        formatUserOperationRequest({ ...op, signature: await account.signUserOperation(op) }),
      )
      const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 5 })
      latencies.push(performance.now() - started)
      if (!receipt.success) throw new Error(`transfer ${hash} reverted`)
    }

    const round = (ms: number) => ms.toFixed(1)
    console.log(
      markdownTable(
        ['measure', 'count', 'result'],
        [
          [
            'operations accepted per second (16 at a time)',
            `${OPERATIONS - refused}`,
            ((OPERATIONS - refused) / acceptSeconds).toFixed(1),
          ],
          ['operations refused', `${refused}`, '-'],
          [
            'sponsored transfer, submission → receipt, p50 ms',
            `${TRANSFERS}`,
            round(percentile(latencies, 0.5)),
          ],
          [
            'sponsored transfer, submission → receipt, p99 ms',
            `${TRANSFERS}`,
            round(percentile(latencies, 0.99)),
          ],
        ],
      ),
    )
  } finally {
    await server.close()
  }
} finally {
  await anvil.stop()
  await rm(dataDir, { recursive: true, force: true })
}
