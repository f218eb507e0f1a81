/**
 * The WalletConnect SDK side of the connector (sign-client 2.21.8, the last Apache-2.0 version):
 * this module is only ever imported dynamically (`connector.ts`), on the first pick of WalletConnect
 * or a restore, so the page's first download carries none of it.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { Chain, EIP1193Parameters, Transport } from 'viem'
import { type Address, numberToHex } from 'viem'
import { WALLETCONNECT_RELAY_TIMEOUT_MS } from '../constants.ts'
import type { Store } from '../store.ts'
import { requestForegroundUrl } from './deep-links.ts'
import { WalletConnectError } from './errors.ts'
import {
  eventAccounts,
  eventChainId,
  isHostedRelay,
  proposalNamespaces,
  sessionAccounts,
  sessionMethods,
} from './namespaces.ts'
import { pairingExpiry, usableFor } from './pairing.ts'
import type { PairingState, WalletConnectSettings } from './types.ts'

type Client = InstanceType<typeof SignClient>
export type Session = ReturnType<Client['session']['getAll']>[number]

interface LiveEvents {
  accountsChanged(accounts: Address[]): void
  chainChanged(chainId: number): void
  /** The wallet ended the session, or it expired. */
  disconnected(): void
}

// One client per relay and project for the page's lifetime: two clients on one storage would each
// hold a partial view of the same pairings ("No matching key").
const clients = new Map<string, Promise<Client>>()

function clientFor(settings: WalletConnectSettings): Promise<Client> {
  const key = `${settings.relayUrl} ${settings.projectId}`
  let client = clients.get(key)
  if (!client) {
    client = SignClient.init({
      projectId: settings.projectId,
      relayUrl: settings.relayUrl,
      metadata: settings.metadata,
      telemetryEnabled: false,
      logger: 'fatal',
      customStoragePrefix: 'portico',
    }).then((created) => {
      // The Verify API appends an iframe of WalletConnect's verify host and waits up to 5 s for it;
      // against our own relay it can never answer, so every connect would wait those 5 s.
      if (!isHostedRelay(settings.relayUrl)) created.core.verify.register = async () => ''
      return created
    })
    client.catch(() => clients.delete(key))
    clients.set(key, client)
  }
  return client
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new WalletConnectError('RELAY_UNREACHABLE')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(new WalletConnectError('RELAY_UNREACHABLE', error))
      },
    )
  })
}

const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }
/** How long a disconnect waits for the relay to take the wallet's notice before the page moves on. */
const DISCONNECT_WAIT_MS = 2_000

const isPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches

export interface LiveParameters {
  settings: WalletConnectSettings
  chain: Chain
  /** The dapp's wagmi transport for the chain: reads the wallet is not asked for go there. */
  transport: Transport | undefined
  pairing: Store<PairingState>
  events: LiveEvents
}

export async function startLive({ settings, chain, transport, pairing, events }: LiveParameters) {
  const client = await withTimeout(clientFor(settings), WALLETCONNECT_RELAY_TIMEOUT_MS)
  const rpc = transport?.({ chain, retryCount: 0 })
  let session: Session | undefined
  let cancelPending: (() => void) | undefined

  const isOurs = (topic: string) => session !== undefined && session.topic === topic
  const ended = (topic: string) => {
    if (!isOurs(topic)) return
    session = undefined
    events.disconnected()
  }
  client.on('session_delete', ({ topic }) => ended(topic))
  client.on('session_expire', ({ topic }) => ended(topic))
  client.on('session_update', ({ topic, params }) => {
    if (!isOurs(topic)) return
    const accounts = sessionAccounts(params.namespaces, chain.id)
    if (accounts.length > 0) events.accountsChanged(accounts)
  })
  client.on('session_event', ({ topic, params }) => {
    if (!isOurs(topic)) return
    if (params.event.name === 'accountsChanged') {
      const accounts = eventAccounts(params.event.data)
      if (accounts.length > 0) events.accountsChanged(accounts)
    } else if (params.event.name === 'chainChanged') {
      const chainId = eventChainId(params.event.data)
      if (chainId !== undefined) events.chainChanged(chainId)
    }
  })
  // Each request may bring the wallet app to the front (deep-links.ts says when).
  client.on('session_request_sent', ({ topic, id }) => {
    if (!isOurs(topic) || typeof window === 'undefined') return
    const link = requestForegroundUrl({
      redirect: session?.peer.metadata.redirect,
      requestId: id,
      sessionTopic: topic,
      platform: isPhone() ? 'mobile' : 'desktop',
      hasFocus: document.hasFocus(),
    })
    if (link) window.location.assign(link)
  })

  /**
   * Shows a pairing URI and waits for a wallet to approve it; a fresh URI replaces the shown one
   * when it counts as expired (behaviour §4). An approval of any URI still shown or just replaced wins.
   */
  function pair(): Promise<Session> {
    cancelPending?.()
    pairing.setState({ status: 'loading', uri: undefined, expiresAt: undefined })
    return new Promise<Session>((resolve, reject) => {
      let done = false
      let attempt = 0
      let timer: ReturnType<typeof setTimeout> | undefined
      const finish = (outcome: () => void) => {
        if (done) return
        done = true
        clearTimeout(timer)
        if (cancelPending === cancel) cancelPending = undefined
        outcome()
      }
      const cancel = () => {
        pairing.setState({ status: 'idle', uri: undefined, expiresAt: undefined })
        finish(() => reject(new WalletConnectError('CANCELLED')))
      }
      cancelPending = cancel
      const offer = async () => {
        const mine = ++attempt
        try {
          const { uri, approval } = await withTimeout(
            client.connect({ optionalNamespaces: proposalNamespaces(chain.id) }),
            WALLETCONNECT_RELAY_TIMEOUT_MS,
          )
          if (done || !uri) return
          const expiresAt = pairingExpiry(uri, Date.now())
          pairing.setState({ status: 'ready', uri, expiresAt })
          timer = setTimeout(() => void offer(), usableFor(expiresAt, Date.now()))
          approval().then(
            (approved) => finish(() => resolve(approved)),
            (error: unknown) => {
              // A proposal we already replaced may expire or fail: only the shown one counts.
              if (mine === attempt) finish(() => reject(new WalletConnectError('REJECTED', error)))
            },
          )
        } catch (error) {
          finish(() => reject(error))
        }
      }
      void offer()
    }).then(
      (approved) => {
        session = approved
        pairing.setState({ status: 'idle', uri: undefined, expiresAt: undefined })
        return approved
      },
      (error: unknown) => {
        if (!(error instanceof WalletConnectError && error.code === 'CANCELLED'))
          pairing.setState({ status: 'idle', uri: undefined, expiresAt: undefined })
        throw error
      },
    )
  }

  return {
    pair,
    cancel: () => cancelPending?.(),
    /** The stored session of `topic`, when the SDK still holds it and it has not expired. */
    restore(topic: string): Session | undefined {
      const found = client.session
        .getAll()
        .find((candidate) => candidate.topic === topic && candidate.expiry * 1000 > Date.now())
      session = found
      return found
    },
    accounts: (): Address[] => (session ? sessionAccounts(session.namespaces, chain.id) : []),
    async disconnect() {
      const current = session
      session = undefined
      if (!current || !client.session.keys.includes(current.topic)) return
      // The page lets go at once (its stored session is already forgotten); the wallet hears it as
      // soon as the relay carries the message. A slow or absent relay never holds the visitor here.
      const told = client
        .disconnect({ topic: current.topic, reason: USER_DISCONNECTED })
        .catch(() => undefined)
      await Promise.race([told, new Promise((resolve) => setTimeout(resolve, DISCONNECT_WAIT_MS))])
    },
    async request(args: EIP1193Parameters): Promise<unknown> {
      const current = session
      switch (args.method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return current ? sessionAccounts(current.namespaces, chain.id) : []
        case 'eth_chainId':
          return numberToHex(chain.id)
      }
      if (current && sessionMethods(current.namespaces).has(args.method))
        return client.request({
          topic: current.topic,
          chainId: `eip155:${chain.id}`,
          request: { method: args.method, params: args.params },
        })
      if (!rpc) throw new Error(`No transport for chain ${chain.id} to send ${args.method}`)
      return rpc.request(args as never)
    },
  }
}
