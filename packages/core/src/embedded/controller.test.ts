import type { Config } from '@wagmi/core'
import { afterEach, expect, test, vi } from 'vitest'
import { createMemoryStorage, StorageKey } from '../storage.ts'
import { createModal } from '../stores/modal.ts'
import { createRouter } from '../stores/router.ts'
import { createToastStore } from '../stores/toast.ts'
import { createEmbeddedController } from './controller.ts'
import type { EmailAction, EmbeddedHost } from './types.ts'

afterEach(() => vi.useRealTimers())

/** A stand-in AUTH connector that records what the controller hands it; the frame is not involved. */
function setup(actions: EmailAction[] = ['VERIFY_OTP']) {
  let host: EmbeddedHost | undefined
  let clock = 1_000_000
  const connected: string[] = []
  const connector = {
    id: 'portico-email',
    type: 'AUTH',
    setHost: (next: EmbeddedHost) => {
      host = next
    },
    connectEmail: async () => ({ action: actions.shift() ?? 'VERIFY_OTP' }),
    connectOtp: async () => ({}),
  }
  const router = createRouter('Connect')
  const modal = createModal({ router, isConnected: () => false })
  const toast = createToastStore()
  const storage = createMemoryStorage()
  const controller = createEmbeddedController({
    wagmiConfig: { connectors: [connector] } as unknown as Config,
    enabled: true,
    storage,
    modal,
    router,
    toast,
    connect: async (id) => void connected.push(id),
    disconnect: async () => {},
    now: () => clock,
  })
  return {
    controller,
    modal,
    router,
    toast,
    storage,
    connected,
    host: () => host as EmbeddedHost,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

test('not-safe requests open ApproveTransaction, stack, and close the modal once all are answered', async () => {
  const { controller, modal, router, host } = setup()
  const first = host().approve({ method: 'personal_sign', params: ['0x68', '0x1'] })
  const second = host().approve({ method: 'eth_sendTransaction', params: [{}] })
  expect(modal.store.getState().open).toBe(true)
  expect(router.store.getState().view).toBe('ApproveTransaction')
  expect(controller.state.getState().approvals.map((r) => r.method)).toEqual([
    'personal_sign',
    'eth_sendTransaction',
  ])

  expect(modal.close()).toBe(false) // blocked while a request waits
  const [firstId, secondId] = controller.state.getState().approvals.map((r) => r.id)
  controller.approve(firstId as number)
  expect(await first).toBe(true)
  expect(modal.store.getState().open).toBe(true)
  controller.reject(secondId as number)
  expect(await second).toBe(false)
  expect(modal.store.getState().open).toBe(false)
})

test('a forced close answers every waiting request with a rejection', async () => {
  const { modal, host } = setup()
  const pending = host().approve({ method: 'personal_sign', params: [] })
  modal.close({ force: true })
  expect(await pending).toBe(false)
})

test('a disallowed method rejects open requests and shows the error 300 ms after the modal opens', async () => {
  vi.useFakeTimers()
  const { modal, toast, host } = setup()
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const pending = host().approve({ method: 'personal_sign', params: [] })
  host().disallowed('eth_sign')
  expect(logged).toHaveBeenCalledWith('Requested RPC call is not allowed: eth_sign')
  logged.mockRestore()
  expect(await pending).toBe(false)
  expect(modal.store.getState().open).toBe(true)
  expect(toast.store.getState().open).toBe(false)
  vi.advanceTimersByTime(300)
  expect(toast.store.getState()).toMatchObject({ open: true, message: 'Requested RPC call is not allowed' })
})

test('a second code within 30 s is refused with the remaining seconds; CONNECT connects at once', async () => {
  const { controller, tick, connected, storage } = setup(['VERIFY_OTP', 'CONNECT'])
  expect(await controller.connectEmail('a@example.com')).toBe('VERIFY_OTP')
  tick(12_000)
  await expect(controller.connectEmail('a@example.com')).rejects.toThrow('Please try again after 18 seconds')
  tick(18_000)
  expect(await controller.connectEmail('a@example.com')).toBe('CONNECT')
  expect(connected).toEqual(['portico-email'])
  expect(storage.getItem(StorageKey.emailLoginUsed)).toBe('true')
  expect(storage.getItem(StorageKey.email)).toBe('a@example.com')
})
