import type { FastifyReply, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { exposeError } from './cors.ts'

function exposed(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  const reply = {
    header(name: string, value: string) {
      headers[name] = value
      return reply
    },
  }
  exposeError({ headers: { origin } } as unknown as FastifyRequest, reply as unknown as FastifyReply)
  return headers
}

describe('exposeError', () => {
  it("hands a refusal to the calling page's script", () => {
    expect(exposed('https://shop.example')).toEqual({
      'access-control-allow-origin': 'https://shop.example',
      vary: 'Origin',
    })
  })

  it('reflects nothing that is no origin: none, control characters, spaces', () => {
    expect(exposed(undefined)).toEqual({})
    expect(exposed('0x1111111111111111111111111111111111111111\u0000')).toEqual({})
    expect(exposed('https://a.example evil')).toEqual({})
  })
})
