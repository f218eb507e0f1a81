import { ErrorText, ProviderErrorCode } from '@portico/core/errors'
import { classifyRpcMethod } from '@portico/core/rpc-policy'
import type { MessageType, RequestOf, SuccessOf } from '../protocol.ts'
import { ApiError, callAuth, type FrameIdentity } from './api.ts'
import type { ApprovalQueue } from './approvals.ts'
import { readToken, writeToken } from './session.ts'

type RpcAnswer = { result: unknown } | { error: { code: number; message: string } }
type User = SuccessOf<'GET_USER'>
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
  deviceId: string
}

/**
 * One function per message; each answers with the success payload or throws the error to send.
 * `rpc` reads the chain through the services for the frame's own needs (the approval's fee).
 */
export function createHandlers(
  settings: FrameSettings,
  approvals: ApprovalQueue,
): { handlers: Handlers; rpc(origin: string, method: string, params: unknown): Promise<unknown> } {
  let token = readToken(settings.projectId)
  // The address being logged in with, between CONNECT_EMAIL and the OTP or device step.
  let pendingEmail: string | undefined
  let pendingNewEmail: string | undefined
  const identity: FrameIdentity = {
    projectId: settings.projectId,
    deviceId: settings.deviceId,
    token: () => token,
  }
  const call = <T>(origin: string, path: string, body?: object) => callAuth<T>(identity, origin, path, body)
  const setToken = (next: string | undefined) => {
    token = next
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

  const rpc = async (origin: string, path: '/rpc' | '/rpc/approved', request: RequestOf<'RPC_REQUEST'>) => {
    const answer = await withSession(() => call<RpcAnswer>(origin, path, request))
    if ('error' in answer) throw new ApiError(answer.error.message, 400, answer.error.code)
    return { result: answer.result }
  }

  const handlers: Handlers = {
    async CONNECT_EMAIL({ email }, origin) {
      pendingEmail = email
      return call(origin, '/email/connect', { email })
    },
    async CONNECT_OTP({ otp }, origin) {
      const answer = await call<{ token: string; user: User }>(origin, '/otp/verify', {
        email: needEmail(),
        otp,
      })
      setToken(answer.token)
      return answer.user
    },
    async CONNECT_DEVICE(_payload, origin) {
      const answer = await call<{ approved: boolean; token?: string }>(origin, '/device/poll', {
        email: needEmail(),
      })
      if (answer.approved && answer.token) setToken(answer.token)
      return { approved: answer.approved }
    },
    GET_USER: (_payload, origin) => withSession(() => call<User>(origin, '/user')),
    async IS_CONNECTED(_payload, origin) {
      if (!token) return { isConnected: false }
      try {
        await withSession(() => call(origin, '/user'))
        return { isConnected: true }
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { isConnected: false }
        throw error
      }
    },
    async SIGN_OUT(_payload, origin) {
      if (token) await call(origin, '/sign-out').catch(() => undefined)
      setToken(undefined)
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
    // that asked can neither see nor press it. Only then do the services sign.
    async RPC_REQUEST(request, origin, messageId) {
      if (classifyRpcMethod(request.method) !== 'approval') return rpc(origin, '/rpc', request)
      const approved = await approvals.ask({
        id: messageId,
        origin,
        method: request.method,
        params: request.params,
      })
      if (!approved) throw new ApiError('User rejected the request.', 400, ProviderErrorCode.USER_REJECTED)
      return rpc(origin, '/rpc/approved', request)
    },
    async CANCEL_REQUEST({ id }) {
      approvals.cancel(id)
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
    // Theme and dapp data only style and label the frame's own pages, which it has none of yet.
    SYNC_THEME: async () => ({}),
    SYNC_DAPP_DATA: async () => ({}),
    async SET_PREFERRED_ACCOUNT({ type }, origin) {
      if (type === 'smartAccount') throw new ApiError(ErrorText.SMART_ACCOUNTS_UNSUPPORTED, 400)
      const user = await withSession(() => call<User>(origin, '/user'))
      return { type, address: user.address }
    },
    async RELOAD() {
      setTimeout(() => window.location.reload(), 0)
      return {}
    },
  }
  return {
    handlers,
    rpc: async (origin, method, params) => (await rpc(origin, '/rpc', { method, params })).result,
  }
}
