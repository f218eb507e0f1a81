import pg from 'pg'

/**
 * A new empty database `name` on the Postgres server `adminUrl` points at, whose user may create
 * databases: the throwaway stores of the test suites and benchmarks, dropped by `drop`.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  await admin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.href, drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`) }
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
