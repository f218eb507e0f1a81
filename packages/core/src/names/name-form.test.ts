import { describe, expect, it } from 'vitest'
import { createNameForm } from './name-form.ts'
import type { NameRegistration } from './registration.ts'

const ADDRESS = '0x00000000000000000000000000000000000A11CE'

function registrationThat(register: NameRegistration['register']): NameRegistration {
  return { suffix: 'portico.id', check: async () => ({ kind: 'empty' }), register }
}

describe('the name form', () => {
  it('registers what was typed once, even on a double click, and hands on the full name', async () => {
    const form = createNameForm()
    form.setLabel('bobby')
    const asked: string[] = []
    const done: string[] = []
    let finish = () => {}
    const registration = registrationThat(async (label) => {
      asked.push(label)
      await new Promise<void>((resolve) => {
        finish = resolve
      })
      return `${label}.portico.id`
    })
    const first = form.submit(registration, ADDRESS, (name) => done.push(name))
    const second = form.submit(registration, ADDRESS, (name) => done.push(name))
    expect(form.store.getState().registering).toBe(true)
    finish()
    await Promise.all([first, second])
    expect(asked).toEqual(['bobby'])
    expect(done).toEqual(['bobby.portico.id'])
    expect(form.store.getState()).toEqual({ label: 'bobby', registering: false, error: undefined })
  })

  it('keeps the typed name and says why a registration failed; typing again clears it', async () => {
    const form = createNameForm()
    form.setLabel('bobby')
    await form.submit(
      registrationThat(async () => {
        throw new Error('This name is taken')
      }),
      ADDRESS,
      () => {},
    )
    expect(form.store.getState()).toEqual({ label: 'bobby', registering: false, error: 'This name is taken' })
    form.setLabel('bobby2')
    expect(form.store.getState().error).toBeUndefined()
  })
})
