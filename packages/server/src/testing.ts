// `@portico/server/testing`: what the test backends and the benchmarks build on — throw-away
// databases and the services' parts started on their own. Not for running the services.
export { type ChainServices, startChainServices } from './chain-data/service.ts'
export { SwapsOptions } from './convert/config.ts'
export { createScratchDatabase } from './db/scratch-database.ts'
export { ChainIndexer, type IndexerOptions, type IndexerStatus } from './indexer/indexer.ts'
export { type RpcProxy, startRpcProxy } from './rpc-proxy/service.ts'
export { type RefusingNode, startRefusingNode } from './test-support/refusing-node.ts'
