/** A not-safe request as the frame shows it, with the parent origin that asked for it. */
export interface ApprovalItem {
  /** The id of the page's RPC_REQUEST message, so the page can withdraw it. */
  id: string
  origin: string
  method: string
  params: unknown
  /** The smart account's operation whose gas the services' paymaster pays (smartAccounts.sponsored). */
  sponsored?: boolean
}

/** What the queue shows: the oldest request and how many wait behind it; nothing when empty. */
type ShowApproval = (current: ApprovalItem | undefined, waiting: number) => void

interface Entry extends ApprovalItem {
  decide(approved: boolean): void
}

/**
 * The stack of pending approvals inside the frame (behaviour §4): one request is shown at a time, the
 * oldest first. Only the frame's own buttons call `decide` with true; the page can only cancel.
 */
export function createApprovalQueue(show: ShowApproval) {
  const entries: Entry[] = []
  const refresh = () => show(entries[0], Math.max(entries.length - 1, 0))
  const settle = (id: string, approved: boolean) => {
    const index = entries.findIndex((entry) => entry.id === id)
    const [entry] = index === -1 ? [] : entries.splice(index, 1)
    if (!entry) return false
    entry.decide(approved)
    refresh()
    return true
  }
  return {
    /** Resolves true once the user approved this request in the frame, false if rejected or cancelled. */
    ask(item: ApprovalItem): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        entries.push({ ...item, decide: resolve })
        refresh()
      })
    },
    /** The user's answer to the request on screen. */
    decide: (id: string, approved: boolean) => settle(id, approved),
    /** The page withdrew a request; it counts as rejected. */
    cancel: (id: string) => settle(id, false),
    current: (): ApprovalItem | undefined => entries[0],
  }
}

export type ApprovalQueue = ReturnType<typeof createApprovalQueue>
