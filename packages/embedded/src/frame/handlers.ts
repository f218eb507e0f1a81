import { classifyRpcMethod, ErrorText, ProviderErrorCode } from '@portico/core/shared'
import type { Address } from 'viem'
import type { MessageType, RequestOf, SuccessOf } from '../protocol.ts'
import { ApiError, callAuth, type FrameIdentity } from './api.ts'
import type { ApprovalQueue } from './approvals.ts'
import {
  createKeyCustody,
  type KeyCall,
  MissingKeyError,
  type ShareStore,
  UnlockNeededError,
} from './keys/custody.ts'
import type { DeviceKey } from './keys/device-key.ts'
import { createRecoveryPasskey, type PasskeyRef, unlockRecoveryPasskey } from './keys/passkey.ts'
import { signRequest } from './keys/sign-request.ts'
import { askForPasskey, offerPasskey } from './passkey-scenes.ts'
import { readToken, writeToken } from './session.ts'
import { createSmartAccounts, type SmartAccounts } from './smart-account/accounts.ts'
import type { SmartAccountSettings } from './smart-account/settings.ts'
import { type AccountType, presentUser } from './smart-account/user.ts'
import { answersAsWallet } from './smart-account/wallet-methods.ts'
import type { Tasks } from './tasks.ts'
import { applyFrameTheme } from './theme.ts'

type RpcAnswer = { result: unknown } | { error: { code: number; message: string } }
type BundlerAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }
type User = SuccessOf<'GET_USER'>
/** The services' user: no address until the frame has set up the key. */
type ServicesUser = Omit<User, 'address'> & { address: Address | null }
type SocialPoll =
  | { status: 'pending' }
  | { status: 'done'; token: string }
  | { status: 'error'; code: string; message: string }
/** `messageId` is the id of the page's message, by which the page may later withdraw it. */
type Handlers = {
  [T in MessageType]: (
    payload: RequestOf<T>,
    parentOrigin: string,
    messageId: string,
  ) => Promise<SuccessOf<T>>
}

interface FrameSettings {
  projectId: string
  chainId: number
  device(): Promise<DeviceKey>
  /** From the services when their bundler serves this chain; absent, users have their EOA only. */
  smartAccounts?: SmartAccountSettings | undefined
}

/**
 * One function per message; each answers with the success payload or throws the error to send.
 * `rpc` reads the chain through the services for the frame's own needs (the approval's fee).
 * `shares` keeps this device's share of each user's key; `tasks` draws the steps the user takes in
 * the frame (passkey, export).
 */
export function createHandlers(
  settings: FrameSettings,
  approvals: ApprovalQueue,
  shares: ShareStore,
  tasks: Tasks,
): { handlers: Handlers; rpc(origin: string, method: string, params: unknown[]): Promise<unknown> } {
  let token = readToken(settings.projectId)
  // The signed-in user's address, once the frame has seen that this device holds their key.
  let address: Address | undefined
  // The address being logged in with, between CONNECT_EMAIL and the OTP or device step.
  let pendingEmail: string | undefined
  let pendingNewEmail: string | undefined
  // The social login attempt this frame started, until its outcome is taken.
  let socialAttempt: string | undefined
  // The Farcaster channel this frame opened, until it logs in: the only one the services let it use.
  let farcasterChannel: string | undefined
  // The user whose key this login made, until they answer the passkey offer.
  let offerFor: Address | undefined
  // The user this login found, until the page's connect that follows the login: the page has them
  // already, so that connect is answered without asking the services again.
  let loggedIn: User | undefined
  const identity: FrameIdentity = {
    projectId: settings.projectId,
    device: settings.device,
    token: () => token,
  }
  const call = <T>(origin: string, path: string, body?: object) => callAuth<T>(identity, origin, path, body)
  // The account the page is connected with: the smart account unless the page asked for the EOA
  // (it says which on every connect, behaviour §1).
  let accountType: AccountType = 'smartAccount'
  const bundles = new Map<string, `0x${string}`>()
  const smartAccountsByOrigin = new Map<string, SmartAccounts>()
  const setToken = (next: string | undefined) => {
    token = next
    address = undefined
    loggedIn = undefined
    writeToken(settings.projectId, next)
  }
  const needEmail = () => {
    if (!pendingEmail) throw new Error('Enter your e-mail address first')
    return pendingEmail
  }
  // A session the services no longer know is dropped, so the next check says "not connected".
  const withSession = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setToken(undefined)
      throw error
    }
  }

  const rpc = async (origin: string, request: RequestOf<'RPC_REQUEST'>) => {
    const answer = await withSession(() => call<RpcAnswer>(origin, '/rpc', request))
    if ('error' in answer) throw new ApiError(answer.error.message, 400, answer.error.code)
    return { result: answer.result }
  }
  const read = async (origin: string, method: string, params: unknown[]) =>
    (await rpc(origin, { method, params })).result

  const smartAccountsFor = (origin: string): SmartAccounts | undefined => {
    if (!settings.smartAccounts) return undefined
    const known = smartAccountsByOrigin.get(origin)
    if (known) return known
    const made = createSmartAccounts(
      settings.smartAccounts,
      settings.chainId,
      (method, params) => read(origin, method, params),
      async (method, params) => {
        const answer = await withSession(() => call<BundlerAnswer>(origin, '/bundler', { method, params }))
        if ('error' in answer) throw new ApiError(answer.error.message, 400, answer.error.code)
        return answer.result
      },
    )
    smartAccountsByOrigin.set(origin, made)
    return made
  }
  // The user as the page sees it: both accounts, the active one's address.
  const present = async (origin: string, user: User): Promise<User> => {
    const accounts = smartAccountsFor(origin)
    if (accounts && user.smartAccount) accounts.remember(user.address, user.smartAccount)
    return presentUser(user, accountType, accounts ? await accounts.stateOf(user.address) : undefined)
  }

  const custody = createKeyCustody(settings.projectId, shares)
  const keyCall =
    (origin: string): KeyCall =>
    (path, body) =>
      withSession(() => call(origin, path, body))
  // After a login, the key is set up or restored before the page hears of the user.
  const withKeyReady = async (origin: string): Promise<User> => {
    try {
      let user = await custody.ensureKey(keyCall(origin))
      // A smart account's rotation whose owner change went through but whose tab closed: finished now,
      // not left half-done. An EOA's waits for the user, as its move may have stopped halfway.
      if (user.rotationAdvised) {
        // Rotation's code is fetched only by a user it concerns, out of the frame's first load.
        const { finishPendingRotation } = await import('./keys/rotation.ts')
        const steps = {
          call: keyCall(origin),
          store: shares,
          recordOf: custody.recordOf,
          oldAddress: user.address,
        }
        user = (await finishPendingRotation(steps)) ?? user
      }
      address = user.address
      loggedIn = user
      if (user.offerPasskey) offerFor = user.address
      return await present(origin, user)
    } catch (error) {
      if (!(error instanceof UnlockNeededError)) throw error
      throw new ApiError(
        error.message,
        409,
        undefined,
        error.by === 'setup' ? 'SETUP_REQUIRED' : 'UNLOCK_REQUIRED',
      )
    }
  }
  // A session whose key this device does not hold counts as not connected: the page offers the
  // login, which restores it.
  const connectedUser = async (origin: string): Promise<User> => {
    const user = await withSession(() => call<ServicesUser>(origin, '/user'))
    if (!user.address || !(await custody.holdsKey(user.address))) throw new MissingKeyError()
    address = user.address
    return present(origin, { ...user, address: user.address, offerPasskey: offerFor === user.address })
  }
  const approved = async (
    request: RequestOf<'RPC_REQUEST'>,
    origin: string,
    messageId: string,
    sponsored = false,
  ) => {
    const yes = await approvals.ask({
      id: messageId,
      origin,
      method: request.method,
      params: request.params,
      sponsored,
    })
    if (!yes) throw new ApiError('User rejected the request.', 400, ProviderErrorCode.USER_REJECTED)
  }
  const endSession = async (origin: string) => {
    if (token) await call(origin, '/sign-out').catch(() => undefined)
    setToken(undefined)
  }

  const handlers: Handlers = {
    async CONNECT_EMAIL({ email }, origin) {
      pendingEmail = email
      type Answer = { action: 'VERIFY_OTP' | 'CONNECT' }
      const answer = await call<Answer>(origin, '/email/connect', { email })
      if (answer.action !== 'CONNECT') return answer
      try {
        await withKeyReady(origin)
        return answer
      } catch (error) {
        if (!(error instanceof MissingKeyError)) throw error
        // The live session cannot restore the key here (too old): end it, so the services mail a
        // code, and the login it gives restores the key.
        await endSession(origin)
        return call<Answer>(origin, '/email/connect', { email })
      }
    },
    async CONNECT_OTP({ otp }, origin) {
      const answer = await call<{ token: string }>(origin, '/otp/verify', { email: needEmail(), otp })
      setToken(answer.token)
      return withKeyReady(origin)
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }, origin) {
      const answer = await call<{ attemptId: string; url: string }>(origin, '/social/start', { provider })
      socialAttempt = answer.attemptId
      return { uri: answer.url }
    },
    // The services hold the poll up to 15 s, under the page's 30 s request timeout.
    async CONNECT_SOCIAL(_payload, origin) {
      if (!socialAttempt) throw new ApiError('Start the social login first', 400)
      const answer = await call<SocialPoll>(origin, '/social/poll', { attemptId: socialAttempt })
      if (answer.status === 'pending') return {}
      socialAttempt = undefined
      if (answer.status === 'error') throw new ApiError(answer.message, 400)
      setToken(answer.token)
      return { user: await withKeyReady(origin) }
    },
    async OPEN_FARCASTER_CHANNEL(_payload, origin) {
      const answer = await call<{ channelToken: string; url: string }>(origin, '/farcaster/channel')
      farcasterChannel = answer.channelToken
      return { url: answer.url }
    },
    // A channel not signed yet is the services' 409: "not yet", the page asks again.
    async CONNECT_FARCASTER(_payload, origin) {
      const channelToken = farcasterChannel
      if (!channelToken) throw new ApiError('Open the Farcaster sign-in first', 400)
      let answer: { token: string }
      try {
        answer = await call<{ token: string }>(origin, '/farcaster/sign-in', { channelToken })
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return {}
        throw error
      }
      farcasterChannel = undefined
      setToken(answer.token)
      return { user: await withKeyReady(origin) }
    },
    GET_USER: (_payload, origin) => connectedUser(origin),
    async IS_CONNECTED(_payload, origin) {
      if (!token) return { isConnected: false }
      try {
        await connectedUser(origin)
        return { isConnected: true }
      } catch (error) {
        if (error instanceof MissingKeyError || (error instanceof ApiError && error.status === 401))
          return { isConnected: false }
        throw error
      }
    },
    async SIGN_OUT(_payload, origin) {
      await endSession(origin)
      pendingEmail = undefined
      return {}
    },
    GET_CHAIN_ID: async () => ({ chainId: settings.chainId }),
    async SWITCH_NETWORK({ chainId }) {
      if (chainId !== settings.chainId)
        throw new ApiError(ErrorText.CHAIN_NOT_SUPPORTED, 400, ProviderErrorCode.SWITCH_CHAIN_FAILED)
      return { chainId }
    },
    // A not-safe request waits for the user's click on the frame's own Approve button; the page
    // that asked can neither see nor press it. Only then does the frame put the key together and sign.
    async RPC_REQUEST(request, origin, messageId) {
      const needsApproval = classifyRpcMethod(request.method) === 'approval'
      const accounts = smartAccountsFor(origin)
      const kind = accounts ? accountType : 'eoa'
      // EIP-5792 and the smart account's requests are checked before the user is asked.
      if (answersAsWallet(request.method, kind)) {
        const user = await connectedUser(origin)
        const owner = address ?? user.address
        // Loaded on the first such request: a login needs none of it (nor its parsing of EIP-5792).
        const { prepareWalletCall } = await import('./smart-account/wallet-rpc.ts')
        // Asked where it is said (an approval's fee, the capabilities the page reads), not at every
        // status poll: past the project's daily limit the account pays, and both must say so.
        const sponsored =
          kind === 'smartAccount' &&
          accounts !== undefined &&
          (needsApproval || request.method === 'wallet_getCapabilities') &&
          (await accounts.sponsoredNow(owner))
        const run = prepareWalletCall(request, {
          kind,
          owner,
          address: user.address,
          chainId: settings.chainId,
          sponsored,
          accounts,
          withKey: custody.withKey(keyCall(origin), owner),
          bundles,
        })
        // The approval of an operation says its fee is sponsored; a signature has no fee to say.
        if (needsApproval) await approved(request, origin, messageId, sponsored)
        return { result: await run() }
      }
      if (!needsApproval) return rpc(origin, request)
      await approved(request, origin, messageId)
      const signer = address ?? (await connectedUser(origin)).address
      const result = await signRequest(
        request,
        { address: signer, chainId: settings.chainId },
        custody.withKey(keyCall(origin), signer),
        (method, params) => read(origin, method, params),
      )
      return { result }
    },
    async CANCEL_REQUEST({ id }) {
      approvals.cancel(id)
      tasks.cancel(id)
      return {}
    },
    async PROTECT_WITH_PASSKEY(_payload, origin, messageId) {
      const user = await connectedUser(origin)
      // The key's own address, whichever account the page is connected with: a smart account's
      // owner is this key, and the recovery share is bound to it.
      const owner = address ?? user.address
      const email = user.email ?? ''
      offerFor = undefined
      const made = await offerPasskey(tasks, { messageId, origin, email }, async () => {
        const passkey = await createRecoveryPasskey(email, owner)
        await custody.protectWithPasskey(keyCall(origin), email, owner, passkey)
      })
      return { protected: made }
    },
    async ROTATE_KEY(_payload, origin, messageId) {
      const user = await connectedUser(origin)
      const accounts = smartAccountsFor(origin)
      const owner = address ?? user.address
      const call = keyCall(origin)
      // A user with a smart account rotates it (its owner changes, the address stays): rotating their
      // EOA would leave the account to the old key.
      if (accounts && accountType !== 'smartAccount')
        throw new ApiError(
          'Key rotation is available for smart accounts: switch to your smart account first',
          400,
        )
      const withOldKey = custody.withKey(call, owner)
      const account = accounts && (await accounts.stateOf(owner)).address
      const { rotateWalletKey } = await import('./rotate-key.ts')
      const rotatedTo = await rotateWalletKey(
        {
          tasks,
          request: { messageId, origin },
          call,
          store: shares,
          recordOf: custody.recordOf,
          email: user.email ?? '',
          owner,
          withOldKey,
        },
        // Where there are no smart accounts, the user gets a new address and the old one's assets move to it.
        accounts && account
          ? {
              kind: 'smartAccount',
              account,
              sendFromAccount: async (handOver) => {
                await accounts.mined(await accounts.send(owner, [handOver], withOldKey))
              },
            }
          : {
              kind: 'eoa',
              chainId: settings.chainId,
              read: (method, params) => read(origin, method, params),
            },
      )
      if (!rotatedTo) return { rotated: false }
      address = rotatedTo
      if (accounts && account) accounts.remember(rotatedTo, account)
      return { rotated: true }
    },
    // The passkey opens a passkey user's wallet here; anyone else's opens with a code mailed to them
    // and typed in this frame, which the services bind to this device's key.
    async UNLOCK_WALLET(_payload, origin, messageId) {
      const user = await withSession(() => call<ServicesUser>(origin, '/user'))
      const request = { messageId, origin, email: user.email ?? '' }
      // A new user: the passkey is offered before the wallet is made, so one who takes it is never
      // split with a share the operator can open.
      if (user.address === null) {
        const wallet = custody.newWallet(request.email)
        let made: User | undefined
        const withPasskey = await offerPasskey(tasks, { ...request, first: true }, async () => {
          const passkey = await createRecoveryPasskey(request.email, wallet.address)
          made = await wallet.setUp(keyCall(origin), passkey)
        })
        made ??= withPasskey ? undefined : await wallet.setUp(keyCall(origin))
        if (!made) throw new MissingKeyError()
        address = made.address
        return present(origin, made)
      }
      if (user.recovery === 'passkey') {
        await askForPasskey(tasks, request, () =>
          custody.restoreWithPasskey(keyCall(origin), unlockRecoveryPasskey),
        )
        return connectedUser(origin)
      }
      // Loaded when a device needs it: a login on a device that holds its share never does.
      const { askForUnlockCode } = await import('./code-scene.ts')
      const restored = await custody.restoreWithCode(keyCall(origin), (redeem) =>
        askForUnlockCode(tasks, request, redeem),
      )
      address = restored.address
      return present(origin, restored)
    },
    async EXPORT_KEY(_payload, origin, messageId) {
      const user = await connectedUser(origin)
      // Whoever is at an unlocked browser holds its device share; a passkey user's own fingerprint,
      // face or screen lock is asked too before the key is shown.
      if (user.recovery === 'passkey') {
        const { passkey } = await keyCall(origin)<{ passkey: PasskeyRef | null }>('/key/status')
        if (passkey)
          await askForPasskey(tasks, { messageId, origin, email: user.email ?? '', purpose: 'export' }, () =>
            unlockRecoveryPasskey(passkey).then(() => undefined),
          )
      }
      // Loaded before the code is mailed, so a chunk that cannot be fetched spends no code.
      const { exportKeyScene } = await import('./export-scene.ts')
      await withSession(() => call(origin, '/key/export/code'))
      await exportKeyScene(tasks, { messageId, origin, email: user.email ?? '' }, (otp) =>
        custody.exportKey(keyCall(origin), user.address, otp),
      )
      return {}
    },
    async UPDATE_EMAIL({ email }, origin) {
      const answer = await withSession(() =>
        call<{ action: 'VERIFY_PRIMARY_OTP' }>(origin, '/email/update', { email }),
      )
      pendingNewEmail = email
      return answer
    },
    UPDATE_EMAIL_PRIMARY_OTP: ({ otp }, origin) =>
      withSession(() =>
        call<{ action: 'VERIFY_SECONDARY_OTP' }>(origin, '/email/update/primary', {
          otp,
          newEmail: pendingNewEmail,
        }),
      ),
    UPDATE_EMAIL_SECONDARY_OTP: ({ otp }, origin) =>
      withSession(() =>
        call<{ newEmail: string }>(origin, '/email/update/secondary', { otp, newEmail: pendingNewEmail }),
      ),
    async SYNC_THEME(theme) {
      applyFrameTheme(theme)
      return {}
    },
    // Dapp data would only label the frame's own pages, which it has none of.
    SYNC_DAPP_DATA: async () => ({}),
    async SET_PREFERRED_ACCOUNT({ type }, origin) {
      if (type === 'smartAccount' && !settings.smartAccounts)
        throw new ApiError(ErrorText.SMART_ACCOUNTS_UNSUPPORTED, 400)
      accountType = type
      const user = loggedIn ? await present(origin, loggedIn) : await connectedUser(origin)
      loggedIn = undefined
      return { type, address: user.address }
    },
    async RELOAD() {
      setTimeout(() => window.location.reload(), 0)
      return {}
    },
  }
  return { handlers, rpc: read }
}
