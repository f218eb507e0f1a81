// The framework-free half of sign-in, shared with the services: messages, verification, session shapes.
export * from './datetime.ts'
export * from './message.ts'
export * from './session.ts'
export * from './uri.ts'
export * from './verify.ts'
