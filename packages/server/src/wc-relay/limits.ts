/** What one socket may do; every figure can be changed through `walletConnectRelay.limits`. */
export interface RelayLimits {
  /**
   * Bytes of one published message. The hosted relay's limits are per tag and lower (a wallet's
   * answer to a request has been refused above 96 KiB); typed data and batched calls fit well in this.
   */
  maxMessageBytes: number
  /** Bytes of one WebSocket frame (a batch publish carries several messages); larger ones close the socket (1009). */
  maxFrameBytes: number
  /** Topics one socket may be subscribed to at once: a wallet holds a pairing and a session topic per dapp. */
  maxSubscriptions: number
  /** Requests at once, then per second, per socket; acknowledgements of pushed messages are not counted. */
  burst: number
  perSecond: number
  /** Refused requests in a row after which the socket is closed (1008): a flood, not a burst. */
  refusalsBeforeClose: number
  /** How often each socket is pinged; one that has not answered the previous ping is ended. */
  pingIntervalMs: number
  /** How often expired messages are deleted. */
  pruneIntervalMs: number
  /** Sockets open at once from one IP; more are closed as they open (1013, try again later). */
  maxSocketsPerIp: number
  /** Bytes of unexpired messages the mailbox keeps from one IP, for one project, and on one topic. */
  maxStoredBytesPerIp: number
  maxStoredBytesPerProject: number
  maxStoredBytesPerTopic: number
  /** Bytes the whole mailbox keeps: past this the oldest messages are dropped to make room. */
  maxMailboxBytes: number
  /** The longest a message is kept on a topic no client subscribed to (a peer arrives within minutes). */
  unreadTtlSeconds: number
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessageBytes: 256 * 1024,
  maxFrameBytes: 1024 * 1024,
  maxSubscriptions: 1000,
  burst: 100,
  perSecond: 20,
  refusalsBeforeClose: 10,
  // Node clients drop a socket that has gone 35 s without a ping.
  pingIntervalMs: 15_000,
  pruneIntervalMs: 60_000,
  // Several browser tabs and a phone behind one NAT, each a socket.
  maxSocketsPerIp: 50,
  // A session's messages are a few KiB; a burst of large signing requests fits in these.
  maxStoredBytesPerIp: 16 * 1024 * 1024,
  maxStoredBytesPerProject: 256 * 1024 * 1024,
  maxStoredBytesPerTopic: 4 * 1024 * 1024,
  maxMailboxBytes: 1024 * 1024 * 1024,
  unreadTtlSeconds: 5 * 60,
}
