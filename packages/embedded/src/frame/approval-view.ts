import type { ApprovalItem } from './approvals.ts'
import { h } from './dom.ts'
import { describeRequest, type TransactionFields } from './request-details.ts'
import { gateOnVisibility } from './visibility-gate.ts'

interface ApprovalViewActions {
  /** Called only from a real click or key press on the frame's own buttons. */
  decide(id: string, approved: boolean): void
  /** The network fee of a transaction, as text (`formatFee`: "0.000021 ETH"), or a refusal when unknown. */
  estimateFee(request: TransactionFields): Promise<string>
}

/** The chain's native symbol; one EVM network whose currency the frame does not get from the page. */
const NATIVE_SYMBOL = 'ETH'

function detailList(label: string, rows: [string, string | Text][]): HTMLDListElement {
  return h(
    'dl',
    { class: 'details', 'aria-label': label },
    ...rows.flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]),
  )
}

/** The services' paymaster pays the gas of the smart account's operation: the user pays no fee. */
const SPONSORED: [string, string] = ['Network fee', 'Sponsored']

/** The fee's text node, filled in once the chain has answered. */
function estimatedFee(request: TransactionFields, actions: ApprovalViewActions): Text {
  const fee = document.createTextNode('Estimating…')
  actions.estimateFee(request).then(
    (text) => {
      fee.data = text
    },
    () => {
      fee.data = 'Unavailable'
    },
  )
  return fee
}

/** The body of the approval: exactly what will be signed or sent (behaviour §2, ApproveTransaction). */
function describe(item: ApprovalItem, actions: ApprovalViewActions): Node[] {
  const details = describeRequest(item.method, item.params, NATIVE_SYMBOL)
  switch (details.kind) {
    case 'message':
      return [
        h('p', { class: 'lead' }, 'Sign this message'),
        h('pre', { class: 'message-text' }, details.text),
      ]
    case 'typedData':
      return [
        h('p', { class: 'lead' }, `Sign ${details.primaryType || 'typed data'}`),
        detailList('Domain', details.domain),
        detailList('Message', details.fields),
      ]
    case 'transaction': {
      const rows: [string, string | Text][] = [
        ['To', details.to],
        ['Amount', details.value],
        ...details.token,
      ]
      if (details.data) rows.push(['Data', details.data])
      rows.push(item.sponsored ? SPONSORED : ['Estimated fee', estimatedFee(details.request, actions)])
      return [h('p', { class: 'lead' }, 'Send a transaction'), detailList('Transaction', rows)]
    }
    case 'calls': {
      const count = details.calls.length
      return [
        h('p', { class: 'lead' }, `Send ${count} calls at once: all of them happen, or none`),
        ...details.calls.flatMap((call, index) => [
          h('p', { class: 'call-title' }, `${index + 1}. ${call.title}`),
          detailList(`Call ${index + 1} of ${count}`, call.rows),
        ]),
        detailList('Fee', [item.sponsored ? SPONSORED : ['Network fee', 'Paid by this account']]),
      ]
    }
    case 'other':
      return [
        h('p', { class: 'lead' }, `Approve ${item.method}`),
        h('pre', { class: 'message-text' }, details.json),
      ]
  }
}

/**
 * Draws the request on screen in the frame's own document, with the Reject and Approve buttons
 * that are the only way to answer it. Returns a function that tears it down.
 */
export function renderApproval(
  root: HTMLElement,
  item: ApprovalItem,
  waiting: number,
  actions: ApprovalViewActions,
): () => void {
  const heading = h('h1', { id: 'approval-title', tabindex: '-1' }, 'Approve Transaction')
  const reject = h('button', { type: 'button', class: 'reject' }, 'Reject')
  const approve = h('button', { type: 'button', class: 'approve' }, 'Approve')
  const card = h(
    'div',
    { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title' },
    heading,
    h('p', { class: 'origin' }, 'Requested by ', h('strong', {}, item.origin)),
    ...describe(item, actions),
    ...(waiting > 0 ? [h('p', { class: 'muted' }, `${waiting} more request(s) waiting`)] : []),
    h('div', { class: 'actions' }, reject, approve),
  )
  const gate = gateOnVisibility(approve, [reject])
  reject.addEventListener('click', (event) => {
    if (event.isTrusted) actions.decide(item.id, false)
  })
  approve.addEventListener('click', (event) => {
    if (event.isTrusted && gate.isVisible()) actions.decide(item.id, true)
  })
  root.replaceChildren(card)
  heading.focus()
  return () => gate.stop()
}

/** Keeps Tab and Shift+Tab on the frame's buttons while an approval is shown; Esc cannot dismiss it. */
export function trapFocus(root: HTMLElement): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return
    const focusable = [...root.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="-1"]')]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || !root.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !root.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  })
  // The page focuses the iframe once it is shown; the request's heading is where reading starts.
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body) root.querySelector<HTMLElement>('h1')?.focus()
  })
}
