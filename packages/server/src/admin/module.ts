import type { ServerModule } from '../server-module.ts'
import { adminPlugin } from './routes.ts'

/** The channel through which the projects CLI reaches a server holding the embedded database. */
export const adminModule: ServerModule = {
  name: 'admin',
  async routes(app, { options, database }) {
    if (options.adminToken) await app.register(adminPlugin, { database, token: options.adminToken })
  },
}
