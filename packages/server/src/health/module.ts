import type { ServerModule } from '../server-module.ts'
import { healthPlugin } from './routes.ts'

/** `/health` and `/health/ready` for load balancers and the start script. */
export const healthModule: ServerModule = {
  name: 'health',
  async routes(app, { options, database, relayGauge }) {
    await app.register(healthPlugin, { database, chain: options.chain, relay: relayGauge })
  },
}
