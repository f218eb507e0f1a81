import { createConfig, http } from '@wagmi/core'
import { foundry } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { walletConnect } from './connector.ts'
import { createWalletConnectController } from './controller.ts'

function setup() {
  const wagmiConfig = createConfig({
    chains: [foundry],
    connectors: [walletConnect()],
    multiInjectedProviderDiscovery: false,
    transports: { [foundry.id]: http('http://127.0.0.1:9') },
  })
  const started: Array<{ resolve(): void; reject(error: Error): void; chosen: boolean }> = []
  const controller = createWalletConnectController({
    wagmiConfig,
    settings: { relayUrl: 'ws://127.0.0.1:9/v1/wc-relay', projectId: 'p', metadata: undefined },
    connect: (_id, { chosen }) =>
      new Promise<void>((resolve, reject) => started.push({ resolve, reject, chosen })),
  })
  return { controller, started }
}

describe('portico.walletConnect.connect', () => {
  it('joins the pending connect, so the view a tap leads to waits on the URI the tap used', async () => {
    const { controller, started } = setup()
    const first = controller.connect({ chosen: false })
    const second = controller.connect()
    expect(started).toHaveLength(1)
    // The phone's pairing, made before any pick, is not reported as the visitor's choice.
    expect(started[0]?.chosen).toBe(false)
    started[0]?.resolve()
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined])
  })

  it('starts a new connect once the pending one has failed', async () => {
    const { controller, started } = setup()
    const first = controller.connect()
    started[0]?.reject(new Error('declined'))
    await expect(first).rejects.toThrow('declined')
    void controller.connect()
    expect(started).toHaveLength(2)
    expect(started[1]?.chosen).toBe(true)
  })
})
