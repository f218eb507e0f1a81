import type { FastifyRequest } from 'fastify'
import type { FrameCaller } from './guard.ts'

/**
 * Who asked for a code or an approval, as the mail and the approval page show it: enough for a
 * user to tell their own login from someone else's, without keeping the full User-Agent.
 */
export interface RequestContext {
  project: string
  origin: string
  time: Date
  /** A coarse hint such as "Firefox on Linux". */
  device: string
  ip: string
}

export function requestContext(request: FastifyRequest, caller: FrameCaller): RequestContext {
  return {
    project: caller.projectName,
    origin: caller.parentOrigin,
    time: new Date(),
    device: describeDevice(request.headers['user-agent']),
    ip: request.ip,
  }
}

/** The lines the mails and the approval page print, in this order. */
export function describeRequest(context: RequestContext): Array<[label: string, value: string]> {
  return [
    ['App', `${context.project} (${context.origin})`],
    ['Time', `${context.time.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ['Device', `${context.device}, IP ${context.ip}`],
  ]
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux
// and iOS says "like Mac OS X".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function describeDevice(userAgent: string | undefined): string {
  const agent = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Unknown browser'
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
  return system ? `${browser} on ${system}` : browser
}
