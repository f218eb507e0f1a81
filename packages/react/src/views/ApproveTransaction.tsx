import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

/**
 * Holds the modal's place while the secure frame, drawn over it from the services' origin, shows
 * exactly what is to be signed or sent and takes the user's Approve or Reject. Nothing here can
 * answer a request: a script on this page could press any button the page draws. The modal refuses
 * to close here unless forced, so no request is left unanswered.
 */
export default function ApproveTransaction({ portico }: ViewProps) {
  const { approvals } = useStore(portico.embedded.state)
  if (approvals.length === 0) return <p className="muted center">No request is waiting.</p>
  return (
    <div className="center">
      <p>Review the request in the Portico secure window and approve or reject it there.</p>
      {approvals.length > 1 && <p className="muted">{approvals.length - 1} more request(s) waiting</p>}
    </div>
  )
}
