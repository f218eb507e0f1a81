import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { ProjectInputError, UnknownProjectError } from './errors.ts'
import { addOrigin, createProject, ensureProject, getProject, listProjects } from './repository.ts'

describeEachBackend('project repository', (backend) => {
  let testDb: TestDatabase
  const db = () => testDb.database.db

  beforeAll(async () => {
    testDb = await backend.open()
  })
  afterAll(async () => {
    await testDb?.dispose()
  })

  test('createProject makes a random id and stores normalised, de-duplicated origins', async () => {
    const project = await createProject(db(), {
      name: '  Shop  ',
      origins: ['https://Shop.example:443/', 'https://shop.example', 'http://localhost:3000'],
    })
    expect(project.id).toMatch(/^[0-9a-f]{32}$/)
    expect(project).toMatchObject({
      name: 'Shop',
      analyticsEnabled: true,
      origins: ['http://localhost:3000', 'https://shop.example'],
    })
    expect(project.createdAt).toBeInstanceOf(Date)
    expect(await getProject(db(), project.id)).toEqual(project)
  })

  test('createProject with one bad origin writes nothing', async () => {
    const id = '1'.repeat(32)
    await expect(
      createProject(db(), { id, name: 'Half', origins: ['https://ok.example', 'https://bad.example/path'] }),
    ).rejects.toThrow(
      new ProjectInputError(
        'Invalid origin "https://bad.example/path": an origin is scheme://host[:port], without a path, query or fragment',
      ),
    )
    expect(await getProject(db(), id)).toBeUndefined()
    const stray = await db().selectFrom('project_origins').selectAll().where('project_id', '=', id).execute()
    expect(stray).toEqual([])
  })

  test('createProject refuses a bad name, a bad id and a taken id', async () => {
    await expect(createProject(db(), { name: ' ', origins: [] })).rejects.toThrow('A project needs a name')
    await expect(createProject(db(), { id: 'XYZ', name: 'A', origins: [] })).rejects.toThrow(
      ProjectInputError,
    )
    const id = '2'.repeat(32)
    await createProject(db(), { id, name: 'First', origins: ['https://first.example'] })
    await expect(createProject(db(), { id, name: 'Second', origins: [] })).rejects.toThrow(
      `A project with id ${id} already exists`,
    )
    expect((await getProject(db(), id))?.name).toBe('First')
  })

  test('ensureProject is idempotent and keeps origins added since', async () => {
    const input = {
      id: '3'.repeat(32),
      name: 'Dev page',
      origins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
    }
    const first = await ensureProject(db(), input)
    expect(await ensureProject(db(), input)).toEqual(first)
    await addOrigin(db(), input.id, 'https://tunnel.example')
    const renamed = await ensureProject(db(), { ...input, name: 'Dev page 2' })
    expect(renamed).toMatchObject({
      name: 'Dev page 2',
      createdAt: first.createdAt,
      origins: ['http://127.0.0.1:3000', 'http://localhost:3000', 'https://tunnel.example'],
    })
  })

  test('ensureProject from several instances at once ends with one project', async () => {
    const input = { id: '4'.repeat(32), name: 'Race', origins: ['https://race.example'] }
    const results = await Promise.all([1, 2, 3].map(() => ensureProject(db(), input)))
    expect(new Set(results.map((project) => project.id)).size).toBe(1)
    expect((await getProject(db(), input.id))?.origins).toEqual(['https://race.example'])
  })

  test('addOrigin normalises, ignores repeats and refuses bad input', async () => {
    const project = await createProject(db(), { name: 'Add', origins: ['https://a.example'] })
    await addOrigin(db(), project.id, 'HTTPS://B.example')
    const again = await addOrigin(db(), project.id, 'https://b.example/')
    expect(again.origins).toEqual(['https://a.example', 'https://b.example'])
    await expect(addOrigin(db(), project.id, 'ftp://c.example')).rejects.toThrow(ProjectInputError)
    await expect(addOrigin(db(), '5'.repeat(32), 'https://c.example')).rejects.toThrow(UnknownProjectError)
  })

  test('listProjects returns every project with its origins, oldest first', async () => {
    const listed = await listProjects(db())
    const names = listed.map((project) => project.name)
    expect(names.indexOf('Shop')).toBeLessThan(names.indexOf('Add'))
    expect(listed.find((project) => project.name === 'Add')?.origins).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    expect(listed.every((project) => project.origins.length >= 1)).toBe(true)
  })

  test('deleting a project removes its origins', async () => {
    const project = await createProject(db(), { name: 'Gone', origins: ['https://gone.example'] })
    await db().deleteFrom('projects').where('id', '=', project.id).execute()
    const left = await db()
      .selectFrom('project_origins')
      .selectAll()
      .where('project_id', '=', project.id)
      .execute()
    expect(left).toEqual([])
  })
})
