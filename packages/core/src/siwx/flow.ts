/**
 * The sign-in flow of behaviour §4: after a connection without a session the modal asks for a
 * signature; signing adds a session, declining reopens the ask with a toast, cancelling either
 * disconnects (sign-in required) or just closes. Framework-free; the react views call it.
 */
import { ErrorText, errorMessage, isUserRejection, PorticoError } from '../errors.ts'
import { readableError } from '../readable-error.ts'
import { createStore, type Store } from '../store.ts'
import type { ConnectionStatus } from '../stores/connection.ts'
import type { Modal } from '../stores/modal.ts'
import type { Router, View } from '../stores/router.ts'
import type { ToastStore } from '../stores/toast.ts'
import type { SIWXSession } from './session.ts'
import type { SIWXConfig } from './types.ts'

export interface SiwxAccount {
  status: ConnectionStatus
  address: `0x${string}` | undefined
  caipAddress: string | undefined
  chainId: number | undefined
  isUnsupportedChain: boolean
}

export interface SiwxState {
  session: SIWXSession | undefined
  /** True while the wallet is asked to sign. */
  signing: boolean
}

export type SiwxEvent =
  | { type: 'SIWX_AUTH_SUCCESS'; session: SIWXSession }
  /** `message` is what the modal said; `error` the cause, for analytics to tell a refusal from a fault. */
  | { type: 'SIWX_AUTH_ERROR'; message: string; error: unknown }

export interface SiwxFlowParameters {
  config: SIWXConfig | undefined
  account: Pick<Store<SiwxAccount>, 'getState' | 'subscribe'>
  /** The one network the page supports, as a CAIP-2 id. */
  caipNetworkId: `eip155:${number}`
  router: Router
  modal: Modal
  toast: ToastStore
  /** True when there is a wallet connection to ask for a signature. */
  hasConnectionClient(): boolean
  signMessage(message: string, address: `0x${string}`): Promise<string>
  disconnect(): Promise<void>
  /** The session the server render already knew about (from the page's cookie). */
  initialSession?: SIWXSession | undefined
}

export type SiwxFlow = ReturnType<typeof createSiwxFlow>

const SIGN_VIEWS: View[] = ['SIWXSignMessage', 'ConnectingSiwe']

export function createSiwxFlow(parameters: SiwxFlowParameters) {
  const { config, account, router, modal, toast } = parameters
  const store = createStore<SiwxState>({ session: parameters.initialSession, signing: false })
  const listeners = new Set<(event: SiwxEvent) => void>()
  const emit = (event: SiwxEvent) => {
    for (const listener of listeners) listener(event)
  }
  const isRequired = () => Boolean(config?.getRequired?.())
  const belongsTo = (session: SIWXSession | undefined, address: string) =>
    session !== undefined &&
    session.data.accountAddress.toLowerCase() === address.toLowerCase() &&
    session.data.chainId === parameters.caipNetworkId

  /** behaviour §5: what must hold before asking for a signature, with the spec's error texts. */
  function assertCanSignIn(): { config: SIWXConfig; address: `0x${string}` } {
    if (!config) throw new PorticoError(ErrorText.SIWX_NOT_ENABLED)
    const { address, caipAddress, isUnsupportedChain, chainId } = account.getState()
    if (!address || !caipAddress) throw new PorticoError(ErrorText.NO_ACTIVE_CAIP_ADDRESS)
    if (isUnsupportedChain || chainId === undefined) throw new PorticoError(ErrorText.NO_ACTIVE_CAIP_NETWORK)
    if (!parameters.hasConnectionClient()) throw new PorticoError(ErrorText.NO_CONNECTION_CLIENT)
    return { config, address }
  }

  /** Ends the session at its storage first, so a reload right after shows the page signed out. */
  async function signOut() {
    const { session } = store.getState()
    try {
      if (session && config) await config.setSessions([])
    } finally {
      store.setState({ session: undefined })
    }
  }

  /** Runs on every connect, account switch or network switch. */
  async function checkSession() {
    const { address, isUnsupportedChain, status } = account.getState()
    if (!config || !address || isUnsupportedChain || status !== 'connected') return
    const { session } = store.getState()
    if (belongsTo(session, address)) return
    // Never let a session of another address (or chain) stay active after a switch.
    if (session) await signOut()
    const sessions = await config.getSessions(parameters.caipNetworkId, address)
    if (account.getState().address !== address) return
    const found = sessions.find((s) => belongsTo(s, address))
    if (found) {
      store.setState({ session: found })
      return
    }
    modal.open({ view: 'SIWXSignMessage' })
  }

  async function signIn() {
    const { config: siwx, address } = assertCanSignIn()
    store.setState({ signing: true })
    router.replace('ConnectingSiwe')
    try {
      const { data, message } = await siwx.createMessage({
        accountAddress: address,
        chainId: parameters.caipNetworkId,
      })
      const signature = await parameters.signMessage(message, address)
      const session = await siwx.addSession({ data, message, signature })
      store.setState({ session, signing: false })
      modal.close({ force: true })
      router.reset('Connect')
      emit({ type: 'SIWX_AUTH_SUCCESS', session })
    } catch (error) {
      store.setState({ signing: false })
      const text = isUserRejection(error) ? ErrorText.SIGNATURE_DECLINED : readableError(error)
      modal.open({ view: 'SIWXSignMessage' })
      toast.showError(text)
      emit({ type: 'SIWX_AUTH_ERROR', message: text, error })
    }
  }

  /** Asks for the signature on demand, e.g. from the page after an optional sign-in was dismissed. */
  function requestSignIn() {
    assertCanSignIn()
    modal.open({ view: 'SIWXSignMessage' })
  }

  async function cancel() {
    router.reset('Connect')
    if (isRequired()) await parameters.disconnect()
    else modal.close({ force: true })
  }

  /** Starts following the account; returns the cleanup. */
  function mount(): () => void {
    return account.subscribe((next, previous) => {
      if (next.status === 'disconnected' && previous.status === 'connected') {
        void signOut().catch(() => undefined)
        return
      }
      const changed =
        next.address !== previous.address ||
        next.chainId !== previous.chainId ||
        (next.status === 'connected' && previous.status !== 'connected')
      if (changed) void checkSession().catch((error: unknown) => toast.showError(errorMessage(error)))
    })
  }

  return {
    store,
    isEnabled: () => config !== undefined,
    isRequired,
    /** Closing the sign views would leave a required sign-in undone. */
    isCloseBlocked: (view: View) => SIGN_VIEWS.includes(view) && isRequired() && !store.getState().session,
    assertCanSignIn,
    signIn,
    requestSignIn,
    cancel,
    signOut,
    checkSession,
    mount,
    onEvent(listener: (event: SiwxEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
