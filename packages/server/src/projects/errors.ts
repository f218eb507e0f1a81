/** Input a caller can fix (a bad origin, an empty name, a taken id). */
export class ProjectInputError extends Error {
  override name = 'ProjectInputError'
}

export class UnknownProjectError extends Error {
  override name = 'UnknownProjectError'
  constructor(readonly projectId: string) {
    super(`No project with id ${projectId}`)
  }
}
