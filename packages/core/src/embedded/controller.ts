import type { Config, Connector } from '@wagmi/core'
import type { Analytics } from '../analytics/client.ts'
import { AnalyticsEventName, type ConnectMethod } from '../analytics/names.ts'
import { EMAIL_LOGIN_COOLDOWN_MS, FRAME } from '../constants.ts'
import { type Alert, ErrorText, errorMessage, PorticoError, tryAgainAfter } from '../errors.ts'
import { type KeyValueStorage, readJson, StorageKey } from '../storage.ts'
import { createStore, type Store } from '../store.ts'
import type { Modal } from '../stores/modal.ts'
import type { Router } from '../stores/router.ts'
import type { ToastStore } from '../stores/toast.ts'
import { EmbeddedError, servicesCooldown } from './errors.ts'
import {
  type ApprovalRequest,
  AUTH_CONNECTOR_TYPE,
  type EmailAction,
  type EmbeddedAccountType,
  type EmbeddedAuthApi,
  type EmbeddedHost,
  type EmbeddedUser,
  type PopupSocialProvider,
} from './types.ts'

export interface EmbeddedState {
  /** The address being logged in with, or the connected user's. */
  email: string | undefined
  /** The address an e-mail update is moving to, between its two codes. */
  newEmail: string | undefined
  /** The behaviour §8 alert shown as a banner in the modal. */
  alert: Alert | undefined
  /** Not-safe requests waiting in ApproveTransaction, oldest first. */
  approvals: ApprovalRequest[]
}

export interface EmbeddedControllerParameters {
  wagmiConfig: Config
  enabled: boolean
  storage: KeyValueStorage
  modal: Modal
  router: Router
  toast: ToastStore
  /** `login`: how the user logged in, for the CONNECT_SUCCESS event's method. */
  connect(connectorId: string, options: { login: ConnectMethod }): Promise<void>
  disconnect(): Promise<void>
  /** Hears the e-mail address submitted as the chosen way to connect (SELECT_WALLET). */
  analytics?: Pick<Analytics, 'track'> | undefined
  now?: () => number
  /** The options' `defaultAccountTypes.eip155` (behaviour §4: a smart account unless the app says otherwise). */
  defaultAccountType?: EmbeddedAccountType | undefined
  /** The options' theme, handed to the secure frame. */
  theme?: EmbeddedHost['theme']
}

export type EmbeddedController = ReturnType<typeof createEmbeddedController>

/** E-mail login and approvals for the embedded wallet, on top of an AUTH connector in the wagmi config. */

const PROTECTED = 'Your wallet is now protected by your passkey'
const ROTATED = 'Your wallet has a new key: only your passkey can recover it'
export function createEmbeddedController(parameters: EmbeddedControllerParameters) {
  const { storage, modal, router, toast } = parameters
  const now = parameters.now ?? Date.now
  const state: Store<EmbeddedState> = createStore<EmbeddedState>({
    email: storage.getItem(StorageKey.email) ?? undefined,
    newEmail: undefined,
    alert: undefined,
    approvals: [],
  })
  const withdrawals = new Map<number, () => void>()
  let nextId = 1
  // The address a code or link was last mailed to, and the step it opened: asking again for the
  // same address while the cooldown runs goes back to that step instead of being refused.
  let mailed: { email: string; action: 'VERIFY_OTP' } | undefined
  /** How the login under way started; its CONNECT_SUCCESS carries it as the method. */
  let login: ConnectMethod = 'email'

  /** The way to connect the user chose (SELECT_WALLET), kept for the connection that ends it. */
  function choose(method: ConnectMethod, name: string) {
    login = method
    void parameters.analytics?.track(AnalyticsEventName.SELECT_WALLET, { method, name })
  }

  function connector(): (Connector & EmbeddedAuthApi) | undefined {
    if (!parameters.enabled) return undefined
    return parameters.wagmiConfig.connectors.find((c) => c.type === AUTH_CONNECTOR_TYPE) as
      | (Connector & EmbeddedAuthApi)
      | undefined
  }
  function api(): Connector & EmbeddedAuthApi {
    const found = connector()
    if (!found) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND)
    return found
  }

  // True while the approvals sit on top of a view of the open modal that asked for them (a send, a
  // name): that view gets the answer, so the modal goes back to it instead of closing.
  let askedFromView = false

  function settle(id: number) {
    withdrawals.delete(id)
    const approvals = state.getState().approvals.filter((request) => request.id !== id)
    state.setState({ approvals })
    if (approvals.length > 0) return
    // Success or refusal closes the modal, or shows the next request of the stack (behaviour §4).
    if (askedFromView && router.store.getState().view === 'ApproveTransaction') router.goBack()
    else modal.close({ force: true })
    askedFromView = false
  }

  const storedAccountTypes = () =>
    readJson<Record<string, unknown>>(storage, StorageKey.preferredAccountTypes) ?? {}
  function preferredAccountType(): EmbeddedAccountType {
    const stored = storedAccountTypes().eip155
    if (stored === 'eoa' || stored === 'smartAccount') return stored
    return parameters.defaultAccountType ?? 'smartAccount'
  }

  connector()?.setHost({
    accountType: preferredAccountType,
    ...(parameters.theme ? { theme: parameters.theme } : {}),
    approving(request, withdraw) {
      const id = nextId++
      const waiting = state.getState().approvals
      state.setState({ approvals: [...waiting, { id, ...request }] })
      withdrawals.set(id, withdraw)
      if (!modal.store.getState().open) modal.open({ view: 'ApproveTransaction' })
      else if (router.store.getState().view !== 'ApproveTransaction') {
        askedFromView = true
        router.push('ApproveTransaction')
      }
      return () => settle(id)
    },
    alert: (alert) => state.setState({ alert }),
    disallowed(method) {
      console.error(`${ErrorText.RPC_NOT_ALLOWED}: ${method}`)
      for (const { id } of state.getState().approvals) withdraw(id)
      modal.open()
      setTimeout(() => toast.showError(ErrorText.RPC_NOT_ALLOWED), FRAME.errorMessageDelayMs)
    },
  })

  function withdraw(id: number) {
    withdrawals.get(id)?.()
    settle(id)
  }

  // A forced close (disconnect, another flow) must not leave the dapp's request hanging.
  modal.store.subscribe((next) => {
    if (!next.open) for (const { id } of state.getState().approvals) withdraw(id)
  })

  function cooldownLeftMs(): number {
    const last = Number(storage.getItem(StorageKey.lastEmailLoginTime) ?? 0)
    const left = last + EMAIL_LOGIN_COOLDOWN_MS - now()
    return Number.isFinite(left) && left > 0 ? Math.min(left, EMAIL_LOGIN_COOLDOWN_MS) : 0
  }

  /** Connects wagmi to the user the frame just logged in; `user` when the login's answer carried it. */
  async function finish(user?: EmbeddedUser): Promise<void> {
    const auth = api()
    try {
      await parameters.connect(auth.id, { login })
      storage.setItem(StorageKey.emailLoginUsed, 'true')
      const email = state.getState().email
      if (email) storage.setItem(StorageKey.email, email)
      state.setState({ alert: undefined })
      // A wallet made in this login is recoverable by the operator until the user adds a passkey.
      const known = user ?? (await auth.getUser().catch(() => undefined))
      const offer = known?.offerPasskey === true
      if (offer) router.reset('ProtectWallet')
      else modal.close({ force: true })
    } catch (error) {
      toast.showError(ErrorText.AUTH_INIT_FAILED)
      await parameters.disconnect().catch(() => undefined)
      router.reset('Connect')
      throw error
    }
  }

  /** After a social or Farcaster login: the address it carries (if any) is the one remembered. */
  function loggedIn(user: EmbeddedUser): Promise<void> {
    state.setState({ email: user.email ?? undefined })
    return finish(user)
  }

  /**
   * The login worked, and the frame has a step for the user before the wallet opens: making a new
   * user's wallet (the passkey offer first), or unlocking it on this device (passkey or mailed code).
   */
  function unlockStep(error: unknown): true {
    const reason = (error as { reason?: unknown } | undefined)?.reason
    if (reason === 'SETUP_REQUIRED') router.push('SetUpWallet')
    else if (reason === 'UNLOCK_REQUIRED') router.push('UnlockWallet')
    else throw error
    return true
  }

  return {
    state,
    /** True when e-mail login is enabled and the wagmi config carries the embedded connector. */
    isAvailable: () => connector() !== undefined,
    isEmbedded: (connectorId: string | undefined) =>
      connectorId !== undefined && connector()?.id === connectorId,
    preload: () =>
      void connector()
        ?.preload()
        .catch(() => undefined),
    cooldownLeftMs,
    clearAlert: () => state.setState({ alert: undefined }),
    async connectEmail(email: string): Promise<EmailAction> {
      const left = cooldownLeftMs()
      if (left > 0 && mailed?.email === email) {
        state.setState({ email, alert: undefined })
        return mailed.action
      }
      if (left > 0) throw new EmbeddedError('EMAIL_COOLDOWN', tryAgainAfter(left / 1000))
      state.setState({ email, alert: undefined })
      const auth = api()
      choose('email', auth.name)
      const answer = await auth
        .connectEmail(email)
        .catch((error: unknown) => unlockStep(servicesCooldown(error) ?? error))
      if (answer === true) return 'CONNECT'
      const { action } = answer
      if (action === 'CONNECT') await finish()
      else {
        storage.setItem(StorageKey.lastEmailLoginTime, String(now()))
        mailed = { email, action }
      }
      return action
    },
    async connectOtp(otp: string): Promise<void> {
      const answer = await api().connectOtp(otp).catch(unlockStep)
      if (answer !== true) await finish(answer)
    },
    /** Social login: the frame starts an attempt and answers the URL the page's popup opens. */
    async startSocial(provider: PopupSocialProvider): Promise<string> {
      state.setState({ alert: undefined })
      choose('social', provider)
      return (await api().getSocialRedirectUri(provider)).uri
    },
    /** Waits, asking the frame again after each "not yet", until the attempt ends or `signal` aborts. */
    async waitForSocial(signal: AbortSignal): Promise<void> {
      while (!signal.aborted) {
        const answer = await api().connectSocial().catch(unlockStep)
        if (answer === true || signal.aborted) return
        if (answer.user) return loggedIn(answer.user)
      }
    },
    /** Sign In With Farcaster: the frame opens its own channel and answers the link the page shows. */
    async startFarcaster(): Promise<string> {
      state.setState({ alert: undefined })
      choose('farcaster', 'Farcaster')
      return (await api().openFarcasterChannel()).url
    },
    /**
     * Waits, asking the frame again `everyMs` after each "not yet", until its channel is signed and
     * logs in, or `signal` aborts.
     */
    async waitForFarcaster(signal: AbortSignal, everyMs: number): Promise<void> {
      while (!signal.aborted) {
        const answer = await api().connectFarcaster().catch(unlockStep)
        if (answer === true || signal.aborted) return
        if (answer.user) return loggedIn(answer.user)
        await new Promise((resolve) => setTimeout(resolve, everyMs))
      }
    },
    getUser: () => api().getUser(),
    /**
     * The Account view's switch: reconnects with the other account and keeps the choice for the next
     * connects. A chain without smart accounts keeps the EOA and says so (behaviour §8).
     */
    async setPreferredAccountType(type: EmbeddedAccountType): Promise<void> {
      try {
        await api().setPreferredAccount(type)
      } catch (error) {
        if (type === 'smartAccount' && errorMessage(error) === ErrorText.SMART_ACCOUNTS_UNSUPPORTED)
          toast.showError(ErrorText.SMART_ACCOUNTS_UNSUPPORTED)
        throw error
      }
      storage.setItem(
        StorageKey.preferredAccountTypes,
        JSON.stringify({ ...storedAccountTypes(), eip155: type }),
      )
    },
    /** After UNLOCK_REQUIRED: the frame takes the user's passkey or a mailed code, then the login completes. */
    async unlockWallet(signal: AbortSignal): Promise<void> {
      const user = await api().unlockWallet(signal)
      if (router.store.getState().view === 'SetUpWallet' && user.recovery === 'passkey')
        toast.showSuccess(PROTECTED)
      await finish(user)
    },
    /** The frame's passkey offer; true once the user made one (their wallet is then theirs alone to recover). */
    async protectWithPasskey(signal: AbortSignal): Promise<boolean> {
      const { protected: made } = await api().protectWithPasskey(signal)
      if (made) toast.showSuccess(PROTECTED)
      return made
    },
    /** The frame's key rotation; true once the wallet moved to the new key (recovery is the user's alone). */
    async rotateKey(signal: AbortSignal): Promise<boolean> {
      const { rotated } = await api().rotateKey(signal)
      if (rotated) toast.showSuccess(ROTATED)
      return rotated
    },
    /** The frame mails a code and shows the private key in itself. */
    exportKey: (signal: AbortSignal) =>
      api()
        .exportKey(signal)
        .then(
          () => undefined,
          // The export code is a mail too: refused within the login mail's cooldown, with its code.
          (error: unknown) => Promise.reject(servicesCooldown(error) ?? error),
        ),
    /** behaviour §4 e-mail update: a code to the current address, then one to the new address. */
    async updateEmail(email: string): Promise<void> {
      await api().updateEmail(email)
      state.setState({ newEmail: email })
    },
    updateEmailPrimaryOtp: (otp: string) => api().updateEmailPrimaryOtp(otp),
    async updateEmailSecondaryOtp(otp: string): Promise<string> {
      const { newEmail } = await api().updateEmailSecondaryOtp(otp)
      storage.setItem(StorageKey.email, newEmail)
      state.setState({ email: newEmail, newEmail: undefined })
      return newEmail
    },
  }
}
