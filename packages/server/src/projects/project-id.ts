import { randomBytes } from 'node:crypto'

/** Project ids have the shape of the hosted services' ids (32 lowercase hex), so SDK checks carry over. */
export const PROJECT_ID_PATTERN = /^[0-9a-f]{32}$/

export const PROJECT_ID_FORMAT = 'projectId must be 32 lowercase hexadecimal characters'

export function newProjectId(): string {
  return randomBytes(16).toString('hex')
}

export function isProjectId(value: string): boolean {
  return PROJECT_ID_PATTERN.test(value)
}
