/**
 * `production` refuses to start without the secrets and addresses it must be given; `development`
 * (what `npm start` runs) fills them in. Its own module, as both the embedded wallet's setup and
 * the hash secret read it.
 */
export type ServerMode = 'development' | 'production'
