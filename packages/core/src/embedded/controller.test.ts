import type { Config } from '@wagmi/core'
import { afterEach, expect, test, vi } from 'vitest'
import { createMemoryStorage, StorageKey } from '../storage.ts'
import { createModal } from '../stores/modal.ts'
import { createRouter } from '../stores/router.ts'
import { createToastStore } from '../stores/toast.ts'
import { createEmbeddedController } from './controller.ts'
import type { EmailAction, EmbeddedAuthApi, EmbeddedHost, EmbeddedUser } from './types.ts'

afterEach(() => vi.useRealTimers())

/** A stand-in AUTH connector that records what the controller hands it; the frame is not involved. */
function setup(actions: EmailAction[] = ['VERIFY_OTP'], overrides: Partial<EmbeddedAuthApi> = {}) {
  let host: EmbeddedHost | undefined
  let clock = 1_000_000
  const connected: string[] = []
  const logins: string[] = []
  const tracked: [string, unknown][] = []
  const connector = {
    id: 'portico-email',
    name: 'Email',
    type: 'AUTH',
    setHost: (next: EmbeddedHost) => {
      host = next
    },
    connectEmail: async () => ({ action: actions.shift() ?? 'VERIFY_OTP' }),
    connectOtp: async () => ({}),
    getUser: async () => ({ offerPasskey: false }),
    ...overrides,
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
    connect: async (id, { login }) => {
      connected.push(id)
      logins.push(login)
    },
    disconnect: async () => {},
    analytics: { track: async (event, properties) => void tracked.push([event, properties]) },
    now: () => clock,
  })
  return {
    controller,
    modal,
    router,
    toast,
    storage,
    connected,
    logins,
    tracked,
    host: () => host as EmbeddedHost,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

/** A request as the provider hands it over: `withdrawn` counts the modal's withdrawals. */
function ask(host: EmbeddedHost, method: string, params: unknown) {
  const record = { withdrawn: 0, done: () => {} }
  record.done = host.approving({ method, params }, () => {
    record.withdrawn += 1
  })
  return record
}

test('not-safe requests open ApproveTransaction, stack, and close the modal once the frame answered all', () => {
  const { controller, modal, router, host } = setup()
  const first = ask(host(), 'personal_sign', ['0x68', '0x1'])
  const second = ask(host(), 'eth_sendTransaction', [{}])
  expect(modal.store.getState().open).toBe(true)
  expect(router.store.getState().view).toBe('ApproveTransaction')
  expect(controller.state.getState().approvals.map((r) => r.method)).toEqual([
    'personal_sign',
    'eth_sendTransaction',
  ])

  expect(modal.close()).toBe(false) // blocked while a request waits
  first.done()
  expect(modal.store.getState().open).toBe(true)
  expect(controller.state.getState().approvals.map((r) => r.method)).toEqual(['eth_sendTransaction'])
  second.done()
  expect(modal.store.getState().open).toBe(false)
  expect([first.withdrawn, second.withdrawn]).toEqual([0, 0])
})

test('a request made from a view of the open modal goes back to that view once answered', () => {
  const { modal, router, host } = setup()
  modal.open({ view: 'Account' })
  router.push('RegisterAccountName')
  const signature = ask(host(), 'personal_sign', ['0x68', '0x1'])
  expect(router.store.getState().view).toBe('ApproveTransaction')
  signature.done()
  expect(modal.store.getState().open).toBe(true)
  expect(router.store.getState().view).toBe('RegisterAccountName')

  // A later request from the dapp's page, with the modal closed, closes it again when answered.
  modal.close({ force: true })
  const fromPage = ask(host(), 'personal_sign', ['0x68', '0x1'])
  fromPage.done()
  expect(modal.store.getState().open).toBe(false)
})

test('a forced close withdraws every waiting request from the frame', () => {
  const { modal, host, controller } = setup()
  const pending = ask(host(), 'personal_sign', [])
  modal.close({ force: true })
  expect(pending.withdrawn).toBe(1)
  expect(controller.state.getState().approvals).toEqual([])
})

test('a disallowed method withdraws open requests and shows the error 300 ms after the modal opens', () => {
  vi.useFakeTimers()
  const { modal, toast, host } = setup()
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const pending = ask(host(), 'personal_sign', [])
  host().disallowed('eth_sign')
  expect(logged).toHaveBeenCalledWith('Requested RPC call is not allowed: eth_sign')
  logged.mockRestore()
  expect(pending.withdrawn).toBe(1)
  expect(modal.store.getState().open).toBe(true)
  expect(toast.store.getState().open).toBe(false)
  vi.advanceTimersByTime(300)
  expect(toast.store.getState()).toMatchObject({ open: true, message: 'Requested RPC call is not allowed' })
})

test('within 30 s another address is refused with the remaining seconds, the same one goes back to its code; CONNECT connects at once', async () => {
  const mailed: string[] = []
  const actions: EmailAction[] = ['VERIFY_OTP', 'CONNECT']
  const { controller, tick, connected, storage } = setup([], {
    connectEmail: async (email: string) => {
      mailed.push(email)
      return { action: actions.shift() ?? 'VERIFY_OTP' }
    },
  })
  expect(await controller.connectEmail('a@example.com')).toBe('VERIFY_OTP')
  tick(12_000)
  await expect(controller.connectEmail('b@example.com')).rejects.toThrow('Please try again after 18 seconds')
  await expect(controller.connectEmail('b@example.com')).rejects.toMatchObject({ code: 'EMAIL_COOLDOWN' })
  // The code already mailed is still good: no second mail, straight back to the code view.
  expect(await controller.connectEmail('a@example.com')).toBe('VERIFY_OTP')
  expect(controller.state.getState().email).toBe('a@example.com')
  tick(17_500)
  await expect(controller.connectEmail('b@example.com')).rejects.toThrow('Please try again after 1 second')
  expect(mailed).toEqual(['a@example.com'])
  tick(500)
  expect(await controller.connectEmail('a@example.com')).toBe('CONNECT')
  expect(connected).toEqual(['portico-email'])
  expect(storage.getItem(StorageKey.emailLoginUsed)).toBe('true')
  expect(storage.getItem(StorageKey.email)).toBe('a@example.com')
})

test("the services' cooldown carries the same code; other refusals pass through as they are", async () => {
  const refused = (message: string, reason?: string) => async () =>
    Promise.reject(Object.assign(new Error(message), { reason }))
  const cooldown = setup([], {
    connectEmail: refused('Please try again after 12 seconds', 'EMAIL_COOLDOWN'),
  }).controller
  const refusal = await cooldown.connectEmail('a@example.com').catch((error: unknown) => error)
  expect(refusal).toMatchObject({ code: 'EMAIL_COOLDOWN', message: 'Please try again after 12 seconds' })
  const other = setup([], {
    connectEmail: refused('Too many e-mails were requested. Please try again later.'),
  })
  const failure = await other.controller.connectEmail('a@example.com').catch((error: unknown) => error)
  expect(failure).not.toHaveProperty('code')
  // Matched by the services' code, never by the words: the same text without it is not the cooldown.
  const unnamed = setup([], { connectEmail: refused('Please try again after 12 seconds') })
  const plain = await unnamed.controller.connectEmail('a@example.com').catch((error: unknown) => error)
  expect(plain).not.toHaveProperty('code')
})

test('an export refused within the mail cooldown carries the cooldown code', async () => {
  const { controller } = setup([], {
    exportKey: async () =>
      Promise.reject(
        Object.assign(new Error('Please try again after 16 seconds'), { reason: 'EMAIL_COOLDOWN' }),
      ),
  })
  const refusal = await controller.exportKey(new AbortController().signal).catch((error: unknown) => error)
  expect(refusal).toMatchObject({ code: 'EMAIL_COOLDOWN', message: 'Please try again after 16 seconds' })
})

test('a wallet made in this login stays in the modal on ProtectWallet; a returning one closes it', async () => {
  const made = setup(['CONNECT'], { getUser: async () => ({ offerPasskey: true }) as never })
  made.modal.open()
  await made.controller.connectEmail('a@example.com')
  expect(made.router.store.getState().view).toBe('ProtectWallet')
  expect(made.modal.store.getState().open).toBe(true)
  const returning = setup(['CONNECT'])
  returning.modal.open()
  await returning.controller.connectEmail('a@example.com')
  expect(returning.modal.store.getState().open).toBe(false)
})

test('UNLOCK_REQUIRED after the code moves to UnlockWallet; the passkey then completes the login', async () => {
  const needsPasskey = () =>
    Promise.reject(Object.assign(new Error('Use your passkey'), { reason: 'UNLOCK_REQUIRED' }))
  const { controller, router, connected, modal } = setup(['VERIFY_OTP'], {
    connectOtp: needsPasskey,
    unlockWallet: async () => ({}) as never,
  })
  modal.open()
  await controller.connectEmail('a@example.com')
  await controller.connectOtp('123456')
  expect(router.store.getState().view).toBe('UnlockWallet')
  expect(connected).toEqual([])
  await controller.unlockWallet(new AbortController().signal)
  expect(connected).toEqual(['portico-email'])
  expect(modal.store.getState().open).toBe(false)
})

test('other refusals of the code pass through unchanged', async () => {
  const { controller, router } = setup(['VERIFY_OTP'], {
    connectOtp: () => Promise.reject(new Error('Invalid code')),
  })
  await controller.connectEmail('a@example.com')
  await expect(controller.connectOtp('000000')).rejects.toThrow('Invalid code')
  expect(router.store.getState().view).toBe('Connect')
})

test('an e-mail address submitted is the way to connect chosen (SELECT_WALLET); a return to its step within the cooldown is not', async () => {
  const { controller, tracked } = setup()
  await controller.connectEmail('ada@example.com')
  await controller.connectEmail('ada@example.com')
  expect(tracked).toEqual([['SELECT_WALLET', { method: 'email', name: 'Email' }]])
})

test('a social login is its own method: chosen as social, and the connection that ends it says so', async () => {
  const user = { email: 'ada@example.com', offerPasskey: false } as EmbeddedUser
  const { controller, tracked, logins } = setup([], {
    getSocialRedirectUri: async () => ({ uri: 'https://accounts.example/auth' }),
    connectSocial: async () => ({ user }),
  })
  await controller.startSocial('google')
  await controller.waitForSocial(new AbortController().signal)
  expect(tracked).toEqual([['SELECT_WALLET', { method: 'social', name: 'google' }]])
  expect(logins).toEqual(['social'])
})

test('connects with the smart account by default, then with the type the user switched to', async () => {
  const asked: string[] = []
  const { controller, host, storage } = setup([], {
    setPreferredAccount: async (type) => {
      asked.push(type)
      return { type, address: '0x1111111111111111111111111111111111111111' }
    },
  })
  expect(host().accountType?.()).toBe('smartAccount')
  await controller.setPreferredAccountType('eoa')
  expect(asked).toEqual(['eoa'])
  expect(host().accountType?.()).toBe('eoa')
  expect(JSON.parse(storage.getItem(StorageKey.preferredAccountTypes) ?? '{}')).toEqual({ eip155: 'eoa' })
})

test('a chain without smart accounts keeps the EOA and says the app might not support them', async () => {
  const { controller, host, toast } = setup([], {
    setPreferredAccount: async () => {
      throw new Error('This application might not support Smart Accounts')
    },
  })
  await expect(controller.setPreferredAccountType('smartAccount')).rejects.toThrow('might not support')
  expect(toast.store.getState()).toMatchObject({
    open: true,
    variant: 'error',
    message: 'This application might not support Smart Accounts',
  })
  expect(host().accountType?.()).toBe('smartAccount')
})

test('social login: the frame is asked again after each "not yet", and the user it brings is connected', async () => {
  const answers = [{}, {}, { user: { email: null, offerPasskey: false } }]
  let asked = 0
  const { controller, connected, modal } = setup([], {
    connectSocial: async () => {
      asked += 1
      return (answers.shift() ?? {}) as never
    },
  })
  modal.open()
  await controller.waitForSocial(new AbortController().signal)
  expect(asked).toBe(3)
  expect(connected).toEqual(['portico-email'])
  expect(modal.store.getState().open).toBe(false)
})

test('social login: an aborted wait connects nothing, even when the answer comes after', async () => {
  const controllerAbort = new AbortController()
  const { controller, connected } = setup([], {
    connectSocial: async () => {
      controllerAbort.abort()
      return { user: { email: null } } as never
    },
  })
  await controller.waitForSocial(controllerAbort.signal)
  expect(connected).toEqual([])
})

test('Farcaster: the frame opens the channel, is asked again after each "not yet", and the user it brings is connected', async () => {
  const answers = [{}, {}, { user: { email: null, offerPasskey: false } }]
  let asked = 0
  const { controller, connected, modal } = setup([], {
    openFarcasterChannel: async () => ({ url: 'http://services.test/dev/farcaster?channelToken=abc' }),
    connectFarcaster: async () => {
      asked += 1
      return (answers.shift() ?? {}) as never
    },
  })
  modal.open()
  expect(await controller.startFarcaster()).toBe('http://services.test/dev/farcaster?channelToken=abc')
  await controller.waitForFarcaster(new AbortController().signal, 0)
  expect(asked).toBe(3)
  expect(connected).toEqual(['portico-email'])
  expect(modal.store.getState().open).toBe(false)
})
