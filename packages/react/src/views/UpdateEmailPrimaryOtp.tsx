import { UpdateEmailOtp } from './email/UpdateEmailOtp.tsx'
import type { ViewProps } from './registry.ts'

export default function UpdateEmailPrimaryOtp({ portico }: ViewProps) {
  return <UpdateEmailOtp portico={portico} step="primary" />
}
