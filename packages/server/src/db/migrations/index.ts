import type { Migration } from 'kysely'
import * as projects from './0001_projects.ts'
import * as indexer from './0002_indexer.ts'
import * as siwx from './0003_siwx.ts'
import * as embedded from './0004_embedded.ts'
import * as projectChanges from './0005_project_changes.ts'
import * as analytics from './0006_analytics.ts'
import * as embeddedDeviceRequests from './0007_embedded_device_requests.ts'
import * as keyedHashes from './0008_keyed_hashes.ts'
import * as embeddedPollLimits from './0009_embedded_poll_limits.ts'
import * as siwxNonceIssuedAt from './0010_siwx_nonce_issued_at.ts'
import * as keyShares from './0011_key_shares.ts'
import * as passkeyRecovery from './0012_passkey_recovery.ts'
import * as dashboard from './0013_dashboard.ts'
import * as names from './0014_names.ts'
import * as wcRelay from './0015_wc_relay.ts'
import * as onramp from './0016_onramp.ts'
import * as onrampPurchasesByAddress from './0017_onramp_purchases_by_address.ts'
import * as farcasterChannels from './0018_farcaster_channels.ts'
import * as socialLogin from './0019_social_login.ts'
import * as bundler from './0020_bundler.ts'
import * as codeVerifiedSessions from './0021_code_verified_sessions.ts'
import * as abuseLimits from './0022_abuse_limits.ts'
import * as dashboardLoginFailures from './0023_dashboard_login_failures.ts'
import * as tokenTrust from './0024_token_trust.ts'
import * as frameBoundLogins from './0025_frame_bound_logins.ts'
import * as keyRotation from './0026_key_rotation.ts'
import * as erc20ContractsByAccount from './0027_erc20_contracts_by_account.ts'
import * as watchedAddresses from './0028_watched_addresses.ts'
import * as dropChainBalances from './0029_drop_chain_balances.ts'
import * as telegramAnswers from './0030_telegram_answers.ts'
import * as watchedNotFollowed from './0031_watched_not_followed.ts'

/**
 * Every migration, keyed by a name that sorts in the order they must run. Listed in code rather
 * than read from the folder so the same set runs under tsx, vitest and any bundler.
 */
export const migrations: Record<string, Migration> = {
  '0001_projects': projects,
  '0002_indexer': indexer,
  '0003_siwx': siwx,
  '0004_embedded': embedded,
  '0005_project_changes': projectChanges,
  '0006_analytics': analytics,
  '0007_embedded_device_requests': embeddedDeviceRequests,
  '0008_keyed_hashes': keyedHashes,
  '0009_embedded_poll_limits': embeddedPollLimits,
  '0010_siwx_nonce_issued_at': siwxNonceIssuedAt,
  '0011_key_shares': keyShares,
  '0012_passkey_recovery': passkeyRecovery,
  '0013_dashboard': dashboard,
  '0014_names': names,
  '0015_wc_relay': wcRelay,
  '0016_onramp': onramp,
  '0017_onramp_purchases_by_address': onrampPurchasesByAddress,
  '0018_farcaster_channels': farcasterChannels,
  '0019_social_login': socialLogin,
  '0020_bundler': bundler,
  '0021_code_verified_sessions': codeVerifiedSessions,
  '0022_abuse_limits': abuseLimits,
  '0023_dashboard_login_failures': dashboardLoginFailures,
  '0024_token_trust': tokenTrust,
  '0025_frame_bound_logins': frameBoundLogins,
  '0026_key_rotation': keyRotation,
  '0027_erc20_contracts_by_account': erc20ContractsByAccount,
  '0028_watched_addresses': watchedAddresses,
  '0029_drop_chain_balances': dropChainBalances,
  '0030_telegram_answers': telegramAnswers,
  '0031_watched_not_followed': watchedNotFollowed,
}
