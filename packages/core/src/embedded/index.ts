export * from './controller.ts'
export * from './types.ts'
