import type { EmbeddedUser, ServicesSettings } from '@portico/core'
import {
  type Alert,
  AUTH_CONNECTOR_TYPE,
  type EmbeddedAuthApi,
  type EmbeddedHost,
  StorageKey,
  safeLocalStorage,
} from '@portico/core/internal'
import { Alerts, ErrorText } from '@portico/core/shared'
import { createConnector } from '@wagmi/core'
import type { Address } from 'viem'
import type { FrameClient, FrameTimeouts } from './frame-client.ts'
import { FrameError } from './frame-error.ts'
import type { EmbeddedProvider } from './provider.ts'

export interface EmbeddedWalletParameters extends ServicesSettings {
  enableLogger?: boolean | undefined
  timeouts?: Partial<FrameTimeouts> | undefined
}

const EMBEDDED_CONNECTOR_ID = 'portico-email'

/**
 * The embedded wallet as a wagmi connector (type AUTH), so the dapp's own `signMessage`,
 * `signTypedData` and `sendTransaction` go through the secure frame. This module is small on
 * purpose: the frame client and the provider load only when e-mail login is offered or was used.
 */
export function embeddedWallet(parameters: EmbeddedWalletParameters) {
  return createConnector<EmbeddedProvider, EmbeddedAuthApi>((config) => {
    const chain = config.chains[0]
    const storage = safeLocalStorage()
    let host: EmbeddedHost | undefined
    let accounts: Address[] = []
    let frame: Promise<FrameClient> | undefined
    let provider: Promise<EmbeddedProvider> | undefined
    const lazyProvider: EmbeddedProvider = {
      async request(args) {
        provider ??= Promise.all([client(), import('./provider.ts')]).then(
          ([frame, { createEmbeddedProvider }]) =>
            createEmbeddedProvider({ frame, chainId: chain.id, accounts: () => accounts, host: () => host }),
        )
        return (await provider).request(args)
      },
      on() {},
      removeListener() {},
    }

    const client = () => {
      frame ??= import('./frame-client.ts')
        .then(({ createFrameClient }) =>
          createFrameClient({
            servicesUrl: parameters.servicesUrl,
            projectId: parameters.projectId,
            chainId: chain.id,
            enableLogger: parameters.enableLogger,
            timeouts: parameters.timeouts,
            theme: () => host?.theme?.(),
          }),
        )
        .catch((error: unknown) => {
          // The chunk did not arrive (offline, deploy in between): try again next time.
          frame = undefined
          throw new FrameError(ErrorText.FRAME_LOAD_FAILED, Alerts.IFRAME_LOAD_FAILED, undefined, error)
        })
      return frame
    }
    // Frame failures that have a behaviour §8 alert are shown in the modal as well as thrown.
    const alerting = async <T>(run: (client: FrameClient) => Promise<T>): Promise<T> => {
      try {
        return await run(await client())
      } catch (error) {
        const alert = (error as { alert?: Alert }).alert
        if (alert) host?.alert(alert)
        throw error
      }
    }
    const forget = () => {
      accounts = []
      storage.removeItem(StorageKey.email)
      storage.removeItem(StorageKey.emailLoginUsed)
    }
    // Every connect sets the account type again (behaviour §1); on a chain without smart accounts
    // the frame keeps the EOA, and the modal says so only when the user asks for the other one.
    // Answers the connected account's address, or nothing when the chain keeps the EOA.
    const connectWithPreferredAccount = async (): Promise<Address | undefined> => {
      const type = host?.accountType?.() ?? 'smartAccount'
      try {
        return (await alerting((frame) => frame.request('SET_PREFERRED_ACCOUNT', { type }))).address
      } catch (error) {
        if (!(error instanceof FrameError) || error.message !== ErrorText.SMART_ACCOUNTS_UNSUPPORTED)
          throw error
        return undefined
      }
    }
    const useUser = (user: EmbeddedUser) => {
      accounts = [user.address]
      return user
    }

    return {
      id: EMBEDDED_CONNECTOR_ID,
      name: 'Email',
      type: AUTH_CONNECTOR_TYPE,
      // The login that came before gave the page its user (`useUser`), and the account type's answer
      // names the address: the user is asked for only when neither did.
      async connect() {
        const address = await connectWithPreferredAccount()
        if (address) accounts = [address]
        else if (accounts.length === 0) useUser(await alerting((frame) => frame.request('GET_USER', {})))
        return { accounts, chainId: chain.id } as never
      },
      async disconnect() {
        if (frame) await (await frame).signOut()
        forget()
      },
      async getAccounts() {
        if (accounts.length === 0) useUser(await alerting((frame) => frame.request('GET_USER', {})))
        return accounts
      },
      async getChainId() {
        return chain.id
      },
      // wagmi asks every connector for its provider on each page load; the frame code behind this
      // one is fetched on its first request only.
      async getProvider() {
        return lazyProvider
      },
      // Only a visitor who logged in by e-mail before makes the page load the frame on start.
      async isAuthorized() {
        if (storage.getItem(StorageKey.emailLoginUsed) !== 'true') return false
        try {
          const { isConnected } = await alerting((frame) => frame.request('IS_CONNECTED', {}))
          if (!isConnected) forget()
          return isConnected
        } catch {
          forget()
          return false
        }
      },
      onAccountsChanged(next) {
        config.emitter.emit('change', { accounts: next as Address[] })
      },
      onChainChanged(next) {
        config.emitter.emit('change', { chainId: Number(next) })
      },
      onDisconnect() {
        forget()
        config.emitter.emit('disconnect')
      },
      async preload() {
        await alerting((frame) => frame.load())
      },
      connectEmail: (email) => alerting((frame) => frame.request('CONNECT_EMAIL', { email })),
      connectOtp: async (otp) => useUser(await alerting((frame) => frame.request('CONNECT_OTP', { otp }))),
      getUser: async () => useUser(await alerting((frame) => frame.request('GET_USER', {}))),
      updateEmail: (email) => alerting((frame) => frame.request('UPDATE_EMAIL', { email })),
      updateEmailPrimaryOtp: (otp) => alerting((frame) => frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })),
      updateEmailSecondaryOtp: (otp) =>
        alerting((frame) => frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })),
      protectWithPasskey: (signal) => alerting((frame) => frame.request('PROTECT_WITH_PASSKEY', {}, signal)),
      async rotateKey(signal) {
        const answer = await alerting((frame) => frame.request('ROTATE_KEY', {}, signal))
        // An EOA's rotation moves the wallet to a new address, which the page follows; a smart
        // account keeps its address.
        const user = answer.rotated && (await alerting((frame) => frame.request('GET_USER', {})))
        if (user && user.address !== accounts[0]) {
          useUser(user)
          config.emitter.emit('change', { accounts })
        }
        return answer
      },
      unlockWallet: async (signal) =>
        useUser(await alerting((frame) => frame.request('UNLOCK_WALLET', {}, signal))),
      getSocialRedirectUri: (provider) =>
        alerting((frame) => frame.request('GET_SOCIAL_REDIRECT_URI', { provider })),
      async connectSocial() {
        const { user } = await alerting((frame) => frame.request('CONNECT_SOCIAL', {}))
        return { user: user && useUser(user) }
      },
      openFarcasterChannel: () => alerting((frame) => frame.request('OPEN_FARCASTER_CHANNEL', {})),
      async connectFarcaster() {
        const { user } = await alerting((frame) => frame.request('CONNECT_FARCASTER', {}))
        return { user: user && useUser(user) }
      },
      exportKey: (signal) => alerting((frame) => frame.request('EXPORT_KEY', {}, signal)),
      setHost(next) {
        host = next
      },
      async setPreferredAccount(type) {
        const answer = await alerting((frame) => frame.request('SET_PREFERRED_ACCOUNT', { type }))
        accounts = [answer.address]
        config.emitter.emit('change', { accounts })
        return answer
      },
    }
  })
}
