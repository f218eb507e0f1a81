import { UpdateEmailOtp } from './email/UpdateEmailOtp.tsx'
import type { ViewProps } from './types.ts'

export default function UpdateEmailPrimaryOtp({ portico }: ViewProps) {
  return <UpdateEmailOtp portico={portico} step="primary" />
}
