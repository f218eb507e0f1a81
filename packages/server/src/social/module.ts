import { isOn } from '../module-settings.ts'
import type { Environment, ServerModule } from '../server-module.ts'
import { SocialEnvironment, type SocialSettings, socialFromEnv, socialSettingsFromEnv } from './config.ts'
import { socialPagesPlugin } from './pages.ts'
import type { SocialServices } from './setup.ts'
import { prepareSocial } from './setup.ts'

/** The `SOCIAL_*` providers: formats first, then what each provider needs beside its client id. */
function socialOf(given: Environment): { settings: SocialSettings; problems: string[] } {
  const parsed = SocialEnvironment.safeParse(given)
  if (!parsed.success)
    return {
      settings: {},
      problems: parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`),
    }
  const result = socialFromEnv(parsed.data)
  if (Object.keys(result.settings).length > 0 && !isOn(given, 'EMAIL_LOGIN', 'on'))
    result.problems.push(
      'SOCIAL_* needs e-mail login on (EMAIL_LOGIN): social logins open the embedded wallet',
    )
  return result
}

/** Social login (google, x, discord, github, apple, facebook) into the embedded wallet. */
export const socialModule: ServerModule = {
  name: 'social',
  formatProblems: (given) => socialOf(given).problems,
  configure(_settings, _core, given) {
    const { settings } = socialOf(given)
    return Object.keys(settings).length > 0 ? { social: settings } : {}
  },
  // Every provider at the development identity provider, unless SOCIAL_* names a real one.
  development: ({ env, socialProviders }) => ({
    social: { ...socialProviders, ...socialSettingsFromEnv(env) },
  }),
  needs: [
    {
      option: 'social',
      needs: 'embedded',
      why: 'Social login needs the embedded wallet (the embedded option): it logs into it',
    },
  ],
  // Checks endpoints, secrets and Apple's key; opens nothing.
  setUp: async ({ options, mode, publicUrl }) =>
    options.social && publicUrl
      ? { resources: { social: await prepareSocial(options.social, { mode, publicUrl }) } }
      : undefined,
  // The popup's pages: the browser navigates to them, so they sit outside the frame guard.
  async routes(app, { options, database }) {
    const { social, embedded } = options
    if (social && embedded)
      await app.register(socialPagesPlugin, {
        db: database.db,
        hashToken: embedded.hashToken,
        social,
        prefix: '/v1/auth/social',
      })
  },
}

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on social login into the embedded wallet (which it needs) for the providers given: each
     * with its client id and secret (Apple: its key) from the provider's console, e.g.
     * `{ google: { clientId, clientSecret } }`. The provider's answer comes to PUBLIC_URL +
     * /v1/auth/social/callback. `npm start` points all six at the development identity provider.
     */
    social?: SocialSettings
  }
  interface BuildServerOptions {
    /**
     * Social login (google, x, discord, github, apple, facebook) into the embedded wallet, which it
     * needs; absent, /v1/auth/social does not exist.
     */
    social?: SocialServices | undefined
  }
}
