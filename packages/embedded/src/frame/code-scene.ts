import { checkCode, codeField } from './code-field.ts'
import { h } from './dom.ts'
import { taskCard } from './task-card.ts'
import { TaskCancelled, type Tasks } from './tasks.ts'

/**
 * A new device that logged in without a code (a social provider, Farcaster): the wallet opens here
 * once the user types, in this frame, the code just mailed to them. The code is bound to this
 * device's key, so it is worth nothing typed anywhere else.
 */
export function askForUnlockCode(
  tasks: Tasks,
  request: { messageId: string; origin: string; email: string },
  unlock: (otp: string) => Promise<void>,
): Promise<void> {
  return tasks.run<void>(request.messageId, request.origin, (finish) => (root) => {
    const submit = (otp?: string) =>
      void checkCode(view, input, unlock, otp).then((accepted) => accepted && finish({ value: undefined }))
    const input = codeField('unlock-code', (otp) => submit(otp))
    const view = taskCard(
      'unlock-code-title',
      'Open your wallet on this device',
      [
        h(
          'p',
          {},
          `This device does not hold your wallet yet. Enter the code we sent to ${request.email} to open it here.`,
        ),
        h('label', { for: 'unlock-code', class: 'field' }, 'Code', input),
      ],
      [
        { label: 'Cancel', run: () => finish({ error: new TaskCancelled() }) },
        { label: 'Open wallet', primary: true, run: () => submit() },
      ],
    )
    const stop = view.show(root)
    input.focus()
    return stop
  })
}
