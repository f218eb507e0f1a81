import type { Hex } from 'viem'
import { checkCode, codeField } from './code-field.ts'
import { h } from './dom.ts'
import { taskCard } from './task-card.ts'
import { TaskCancelled, type Tasks } from './tasks.ts'

const ExportText = {
  enterCode: (email: string) => `Enter the code we sent to ${email} to show your wallet's private key.`,
  warning:
    'Anyone with this key controls your wallet and everything in it. Never share it and never paste it into a website: Portico and this app will never ask for it.',
} as const

/**
 * "Export private key": the frame asks for the code just mailed, and once the services accept it
 * shows the key here, never on the dapp's page, with a warning and a copy button. The key lives
 * in this scene's text only; closing it drops it.
 */
export function exportKeyScene(
  tasks: Tasks,
  request: { messageId: string; origin: string; email: string },
  reveal: (otp: string) => Promise<Hex>,
): Promise<void> {
  return tasks.run<void>(request.messageId, request.origin, (finish) => {
    let privateKey: Hex | undefined
    return (root) => {
      const submit = (otp?: string) =>
        void checkCode(view, input, reveal, otp).then((accepted) => {
          if (!accepted) return
          privateKey = accepted.value
          showKey(root, accepted.value)
        })
      const input = codeField('export-code', (otp) => submit(otp))
      const view = taskCard(
        'export-title',
        'Export private key',
        [
          h('p', {}, ExportText.enterCode(request.email)),
          h('label', { for: 'export-code', class: 'field' }, 'Code', input),
        ],
        [
          { label: 'Cancel', run: () => finish({ error: new TaskCancelled() }) },
          { label: 'Show key', primary: true, run: () => submit() },
        ],
      )
      const showKey = (target: HTMLElement, key: Hex) => {
        const done = taskCard(
          'export-key-title',
          'Your private key',
          [
            h('p', { class: 'warning' }, ExportText.warning),
            h('output', { class: 'secret', 'aria-label': 'Private key' }, key),
          ],
          [
            {
              label: 'Done',
              run: () => {
                privateKey = undefined
                finish({ value: undefined })
              },
            },
            {
              label: 'Copy key',
              primary: true,
              run: () => {
                navigator.clipboard.writeText(key).then(
                  () => done.say('Copied. Paste it only into a wallet you trust.'),
                  () => done.say('Copying was refused by the browser: select the key and copy it instead.'),
                )
              },
            },
          ],
        )
        stop()
        stop = done.show(target)
      }
      let stop = () => {}
      if (privateKey) showKey(root, privateKey)
      else {
        stop = view.show(root)
        input.focus()
      }
      return () => stop()
    }
  })
}
