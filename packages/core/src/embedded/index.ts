export * from './controller.ts'
export * from './errors.ts'
export * from './types.ts'
