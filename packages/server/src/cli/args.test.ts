import { describe, expect, test } from 'vitest'
import { parseCliArgs, UsageError } from './args.ts'

const ID = '0123456789abcdef0123456789abcdef'

describe('parseCliArgs', () => {
  test.each([[[]], [['help']], [['--help']], [['-h']]])('%j asks for help', (argv) => {
    expect(parseCliArgs(argv)).toEqual({ command: 'help' })
  })

  test('create takes a name and one or more origins', () => {
    expect(
      parseCliArgs([
        'create',
        '--name',
        'Shop',
        '--origin',
        'https://a.example',
        '--origin=https://b.example',
      ]),
    ).toEqual({
      command: 'create',
      name: 'Shop',
      origins: ['https://a.example', 'https://b.example'],
    })
  })

  test('list and add-origin', () => {
    expect(parseCliArgs(['list'])).toEqual({ command: 'list' })
    expect(parseCliArgs(['add-origin', '--id', ID, '--origin', 'https://c.example'])).toEqual({
      command: 'add-origin',
      id: ID,
      origin: 'https://c.example',
    })
  })

  test.each([
    [['deploy'], 'Unknown command "deploy"'],
    [['create', '--origin', 'https://a.example'], 'create needs --name NAME'],
    [['create', '--name', 'Shop'], 'create needs at least one --origin URL'],
    [['create', '--name'], "Option '--name <value>' argument missing"],
    [
      ['create', '--name', 'Shop', '--origin', 'https://a.example', '--colour', 'red'],
      "Unknown option '--colour'",
    ],
    [['list', 'extra'], 'Unexpected argument'],
    [['add-origin', '--origin', 'https://c.example'], 'add-origin needs --id ID'],
    [
      ['add-origin', '--id', 'nope', '--origin', 'https://c.example'],
      '--id must be 32 lowercase hexadecimal characters',
    ],
    [['add-origin', '--id', ID], 'add-origin needs exactly one --origin URL'],
    [
      ['add-origin', '--id', ID, '--origin', 'https://c.example', '--origin', 'https://d.example'],
      'add-origin needs exactly one --origin URL',
    ],
  ])('%j is a usage error', (argv, message) => {
    const attempt = () => parseCliArgs(argv)
    expect(attempt).toThrow(UsageError)
    expect(attempt).toThrow(message)
  })
})
