import { describe, expect, it } from 'vitest'
import { createStore } from '../store.ts'
import { createModal } from '../stores/modal.ts'
import { createRouter } from '../stores/router.ts'
import { createToastStore } from '../stores/toast.ts'
import { createSiwxFlow, type SiwxAccount, type SiwxEvent } from './flow.ts'
import type { SIWXSession } from './session.ts'
import type { SIWXConfig } from './types.ts'

const ALICE = '0x000000000000000000000000000000000000a11c' as const
const BOB = '0x0000000000000000000000000000000000000b0b' as const
const CHAIN = 'eip155:31337' as const
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

const sessionOf = (address: string): SIWXSession => ({
  data: {
    accountAddress: address,
    chainId: CHAIN,
    domain: 'page',
    uri: 'http://page',
    version: '1',
    nonce: 'n0nce123',
  },
  message: `message for ${address}`,
  signature: `0x${address.slice(2)}`,
})

/** A SIWX storage kept in an array: the flow's collaborator, replaced by plain logic. */
function memoryStorage(required: boolean) {
  const sessions: SIWXSession[] = []
  const config: SIWXConfig = {
    getRequired: () => required,
    createMessage: async ({ accountAddress }) => ({
      data: sessionOf(accountAddress).data,
      message: `sign ${accountAddress}`,
    }),
    addSession: async (session) => {
      sessions.push(session)
      return session
    },
    getSessions: async (_chain, address) => sessions.filter((s) => s.data.accountAddress === address),
    setSessions: async (next) => {
      sessions.splice(0, sessions.length, ...next)
    },
  }
  return { config, sessions }
}

function setup({
  required = true,
  config = memoryStorage(required).config,
  enabled = true,
  sign = async (message: string) => `0x${message.length.toString(16)}`,
  hasClient = true,
} = {}) {
  const account = createStore<SiwxAccount>({
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
    chainId: undefined,
    isUnsupportedChain: false,
  })
  const router = createRouter('Connect')
  let flow: ReturnType<typeof createSiwxFlow> | undefined
  const modal = createModal({
    router,
    isConnected: () => true,
    isCloseBlocked: (view) => Boolean(flow?.isCloseBlocked(view)),
  })
  const toast = createToastStore()
  const disconnects: number[] = []
  flow = createSiwxFlow({
    config: enabled ? config : undefined,
    account,
    caipNetworkId: CHAIN,
    router,
    modal,
    toast,
    hasConnectionClient: () => hasClient,
    signMessage: sign,
    disconnect: async () => {
      disconnects.push(1)
      account.setState({
        status: 'disconnected',
        address: undefined,
        caipAddress: undefined,
        chainId: undefined,
      })
      modal.close({ force: true })
    },
  })
  const events: SiwxEvent[] = []
  flow.onEvent((event) => events.push(event))
  flow.mount()
  const connectAs = async (address: `0x${string}`) => {
    account.setState({ status: 'connected', address, caipAddress: `${CHAIN}:${address}`, chainId: 31337 })
    await tick()
  }
  return { flow, account, router, modal, toast, disconnects, events, connectAs }
}

describe('sign-in flow', () => {
  it('asks for a signature after connecting, blocks closing while required, and signs in', async () => {
    const t = setup()
    await t.connectAs(ALICE)
    expect(t.modal.store.getState().open).toBe(true)
    expect(t.router.store.getState().view).toBe('SIWXSignMessage')
    expect(t.modal.close()).toBe(false)

    await t.flow.signIn()
    expect(t.flow.store.getState().session?.data.accountAddress).toBe(ALICE)
    expect(t.modal.store.getState().open).toBe(false)
    expect(t.events.map((e) => e.type)).toEqual(['SIWX_AUTH_SUCCESS'])
  })

  it('reopens the sign view with "Signature declined" when the wallet refuses', async () => {
    const t = setup({ sign: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) })
    await t.connectAs(ALICE)
    t.modal.close({ force: true })
    await t.flow.signIn()
    expect(t.modal.store.getState().open).toBe(true)
    expect(t.router.store.getState().view).toBe('SIWXSignMessage')
    expect(t.toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Signature declined',
    })
    expect(t.flow.store.getState().session).toBeUndefined()
  })

  it('cancel disconnects when sign-in is required, and only closes when it is optional', async () => {
    const required = setup({ required: true })
    await required.connectAs(ALICE)
    await required.flow.cancel()
    expect(required.disconnects).toHaveLength(1)
    expect(required.router.store.getState().view).toBe('Connect')

    const optional = setup({ required: false })
    await optional.connectAs(ALICE)
    expect(optional.modal.close()).toBe(true)
    optional.modal.open({ view: 'SIWXSignMessage' })
    await optional.flow.cancel()
    expect(optional.disconnects).toHaveLength(0)
    expect(optional.modal.store.getState().open).toBe(false)
    expect(optional.router.store.getState().view).toBe('Connect')
  })

  it('a stored session for the address means no prompt; switching account drops it and asks again', async () => {
    const storage = memoryStorage(true)
    storage.sessions.push(sessionOf(ALICE))
    const t = setup({ config: storage.config })
    await t.connectAs(ALICE)
    expect(t.modal.store.getState().open).toBe(false)
    expect(t.flow.store.getState().session?.data.accountAddress).toBe(ALICE)

    await t.connectAs(BOB)
    expect(t.flow.store.getState().session).toBeUndefined()
    expect(storage.sessions).toEqual([])
    expect(t.router.store.getState().view).toBe('SIWXSignMessage')
  })

  it('signs out when the wallet disconnects', async () => {
    const storage = memoryStorage(false)
    storage.sessions.push(sessionOf(ALICE))
    const t = setup({ config: storage.config })
    await t.connectAs(ALICE)
    t.account.setState({
      status: 'disconnected',
      address: undefined,
      caipAddress: undefined,
      chainId: undefined,
    })
    await tick()
    expect(t.flow.store.getState().session).toBeUndefined()
    expect(storage.sessions).toEqual([])
  })

  it('refuses to sign in with the spec texts when a precondition is missing', async () => {
    expect(() => setup({ enabled: false }).flow.assertCanSignIn()).toThrow('SIWX is not enabled')
    expect(() => setup().flow.assertCanSignIn()).toThrow('No ActiveCaipAddress found')
    const wrongChain = setup()
    wrongChain.account.setState({
      status: 'connected',
      address: ALICE,
      caipAddress: `eip155:1:${ALICE}`,
      chainId: 1,
      isUnsupportedChain: true,
    })
    expect(() => wrongChain.flow.assertCanSignIn()).toThrow('No ActiveCaipNetwork or client found')
    const noClient = setup({ hasClient: false })
    noClient.account.setState({
      status: 'connected',
      address: ALICE,
      caipAddress: `${CHAIN}:${ALICE}`,
      chainId: 31337,
    })
    expect(() => noClient.flow.assertCanSignIn()).toThrow('No ConnectionController client found')
  })
})
