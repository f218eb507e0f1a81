import type { ServerModule } from '../server-module.ts'
import { adminPlugin } from './routes.ts'

/** The channel through which the projects CLI reaches a server holding the embedded database. */
export const adminModule: ServerModule = {
  name: 'admin',
  async routes(app, { options, database }) {
    if (options.adminToken) await app.register(adminPlugin, { database, token: options.adminToken })
  },
}

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface BuildServerOptions {
    /** Lets the projects CLI reach a server that holds the embedded database (see admin/channel.ts). */
    adminToken?: string | undefined
  }
}
