import { Alerts, ErrorText, ProviderErrorCode } from '@portico/core/shared'
import { z } from 'zod/mini'
import {
  type ErrorPayload,
  errorType,
  type FRAME_PING,
  MESSAGES,
  type MessageType,
  requestEnvelope,
  successType,
} from '../protocol.ts'
import { ApiError } from './api.ts'
import { renderApproval, trapFocus } from './approval-view.ts'
import { type ApprovalItem, createApprovalQueue } from './approvals.ts'
import { feeText } from './fee.ts'
import { createHandlers } from './handlers.ts'
import { type DeviceKey, loadDeviceKey } from './keys/device-key.ts'
import { deviceShares, keepDeviceKey, readDeviceKey } from './keys/device-store.ts'
import { createStage } from './stage.ts'
import { adoptFrameStyles } from './styles.ts'
import { createTasks } from './tasks.ts'

/** The secure frame: answers the parent page's messages, only for the project's allowed origins. */
const configSchema = z.object({
  projectId: z.string(),
  allowedOrigins: z.array(z.string()),
  debug: z.boolean(),
  // The services' bundler for this chain: absent or null, users have their EOA only.
  smartAccounts: z.optional(
    z.nullable(
      z.object({
        entryPoint: z.templateLiteral(['0x', z.string()]),
        factory: z.templateLiteral(['0x', z.string()]),
        sponsored: z.boolean(),
      }),
    ),
  ),
})
const parsedConfig = configSchema.safeParse(
  JSON.parse(document.getElementById('frame-config')?.textContent ?? 'null'),
)
const config = parsedConfig.success ? parsedConfig.data : { projectId: '', allowedOrigins: [], debug: false }
const chainId = Number(new URLSearchParams(location.search).get('chainId') ?? '1')
const allowed = new Set(config.allowedOrigins)
const root = document.createElement('main')
document.body.append(root)
adoptFrameStyles()
trapFocus(root)
// The frame draws approvals and the user's own steps itself and asks the page that requested them
// to show it; the layout message carries nothing but the frame's height, so it goes to that page's
// origin alone.
const stage = createStage(root, (origin, visible) =>
  window.parent.postMessage(
    { type: 'FRAME_LAYOUT', visible, height: Math.ceil(root.getBoundingClientRect().height) },
    origin,
  ),
)
const tasks = createTasks(stage)
// The approvals take one place on the stage while any is waiting, redrawn as the oldest changes.
let approvalPlace: ReturnType<typeof stage.enter> | undefined
const approvals = createApprovalQueue((current: ApprovalItem | undefined, waiting) => {
  if (!current) {
    approvalPlace?.leave()
    approvalPlace = undefined
    return
  }
  const scene = {
    origin: current.origin,
    render: (target: HTMLElement) =>
      renderApproval(target, current, waiting, {
        decide: (id, approved) => approvals.decide(id, approved),
        estimateFee: (request) => feeText(request, (method, params) => rpc(current.origin, method, params)),
      }),
  }
  if (approvalPlace) approvalPlace.update(scene)
  else approvalPlace = stage.enter(scene)
})
let deviceKey: Promise<DeviceKey> | undefined
const { handlers, rpc } = createHandlers(
  {
    projectId: config.projectId,
    chainId: Number.isSafeInteger(chainId) && chainId > 0 ? chainId : 1,
    device: () => {
      // Loaded once; a browser that cannot keep it (no storage for this frame) is asked again next time.
      deviceKey ??= loadDeviceKey({ read: readDeviceKey, keep: keepDeviceKey }).catch((error: unknown) => {
        deviceKey = undefined
        throw error
      })
      return deviceKey
    },
    smartAccounts: config.smartAccounts ?? undefined,
  },
  approvals,
  deviceShares,
  tasks,
)
const log = (...args: unknown[]) => {
  if (config.debug) console.info('[portico frame]', ...args)
}

function errorOf(error: unknown): ErrorPayload {
  const message = error instanceof Error && error.message ? error.message : ErrorText.FRAME_ERROR
  // A session the services refuse is EIP-1193's "unauthorized", which the dapp shows as Session Expired.
  const code =
    error instanceof ApiError
      ? (error.code ?? (error.status === 401 ? ProviderErrorCode.UNAUTHORIZED : undefined))
      : undefined
  const reason = error instanceof ApiError ? error.reason : undefined
  return { message, ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) }
}

// The ready signal says nothing but "listening", so it may go to whoever embedded the frame.
const announceReady = () => window.parent.postMessage({ type: 'FRAME_READY' }, '*')

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || window.parent === window) return
  if (event.data?.type === ('FRAME_PING' satisfies (typeof FRAME_PING)['type'])) return announceReady()
  const envelope = requestEnvelope.safeParse(event.data)
  if (!envelope.success) return
  const { id, type } = envelope.data
  const reply = (kind: 'success' | 'error', payload: unknown) =>
    window.parent.postMessage(
      { id, type: kind === 'success' ? successType(type) : errorType(type), payload },
      event.origin,
    )
  // A page not on the allow-list learns only that it is not allowed; nothing reaches the session.
  if (!allowed.has(event.origin)) {
    log('refused origin', event.origin)
    const { shortMessage, kind } = Alerts.INVALID_APP_CONFIGURATION
    reply('error', { message: shortMessage, kind } satisfies ErrorPayload)
    return
  }
  void handle(type, envelope.data.payload, event.origin, id).then(
    (payload) => reply('success', payload),
    (error: unknown) => reply('error', errorOf(error)),
  )
})

async function handle(type: MessageType, payload: unknown, origin: string, id: string): Promise<unknown> {
  const parsed = MESSAGES[type].request.safeParse(payload)
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? ErrorText.FRAME_ERROR)
  log(type)
  const handler = handlers[type] as (payload: unknown, origin: string, id: string) => Promise<unknown>
  return handler(parsed.data, origin, id)
}

announceReady()
