import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from './config'

describe('configuration from the environment', () => {
  test('nothing is required: the embedded defaults apply', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: '.data', APP_URL: 'http://localhost:3000', WEB_HOT_RELOAD: false })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  test('APP_URL follows PORT unless set', () => {
    expect(loadConfig({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100')
    expect(loadConfig({ PORT: '4100', APP_URL: 'https://kirana.example' }).APP_URL).toBe('https://kirana.example')
  })

  test('an empty variable counts as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000)
  })

  test('values are parsed to their types', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/kirana', WEB_HOT_RELOAD: 'true' })
    expect(config).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@db:5432/kirana', WEB_HOT_RELOAD: true })
  })

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['APP_URL', 'not a url'],
  ])('a wrong %s stops start-up with one line naming it', (variable, value) => {
    let thrown: unknown
    try {
      loadConfig({ [variable]: value })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConfigError)
    const message = (thrown as Error).message
    expect(message).toStartWith(`Invalid configuration: ${variable} `)
    expect(message).not.toContain('\n')
  })
})

test('a bucket without its keys stops start-up, naming the missing one, and never echoes the secret', () => {
  expect(() => loadConfig({ S3_BUCKET: 'kirana-photos' })).toThrow(/^Invalid configuration: S3_ACCESS_KEY_ID is required when S3_BUCKET is set/)
  expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's3cret', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
  expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 's3cret' })).not.toThrow(/s3cret/)
})

test.each(['DATABASE_URL', 'DATABASE_DIRECT_URL'])('a wrong %s is named without echoing credentials', (variable) => {
  expect(() => loadConfig({ [variable]: 'mysql://admin:s3cret@db/kirana' })).toThrow(new RegExp(`^Invalid configuration: ${variable} [^\n]*$`))
  expect(() => loadConfig({ [variable]: 'mysql://admin:s3cret@db/kirana' })).not.toThrow(/s3cret/)
})

test("the README's configuration table lists exactly the settings there are", async () => {
  const { configSchema } = await import('./config')
  const readme = await Bun.file(new URL('../../README.md', import.meta.url)).text()
  const table = readme.slice(readme.indexOf('## Configuration'))
  const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1])
  expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort())
})

test("Firebase's Auth emulator stands in for the service account, and never in production", () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-kirana', FIREBASE_WEB_API_KEY: 'demo-key' }
  expect(loadConfig(emulator).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099')
  expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/^Invalid configuration: FIREBASE_PROJECT_ID is required/)
  expect(() => loadConfig({ ...emulator, NODE_ENV: 'production' })).toThrow(/^Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST must not be set in production/)
})

test('the development clock offset is minutes ahead, and never in production', () => {
  expect(loadConfig({}).DEV_CLOCK_OFFSET_MINUTES).toBe(0)
  expect(loadConfig({ DEV_CLOCK_OFFSET_MINUTES: '31' }).DEV_CLOCK_OFFSET_MINUTES).toBe(31)
  expect(() => loadConfig({ DEV_CLOCK_OFFSET_MINUTES: '-5' })).toThrow(/^Invalid configuration: DEV_CLOCK_OFFSET_MINUTES is out of range/)
  expect(() => loadConfig({ DEV_CLOCK_OFFSET_MINUTES: '31', NODE_ENV: 'production' })).toThrow(
    /^Invalid configuration: DEV_CLOCK_OFFSET_MINUTES must not be set in production/,
  )
  expect(loadConfig({ DEV_CLOCK_OFFSET_MINUTES: '0', NODE_ENV: 'production' }).DEV_CLOCK_OFFSET_MINUTES).toBe(0)
})

test("a map tile URL must be Leaflet's template, with {z}, {x} and {y}, or the server stops at start naming it", () => {
  expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe('https://tiles.example.net/{z}/{x}/{y}.png')
  expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.net/map.png' })).toThrow(
    /^Invalid configuration: MAP_TILE_URL must have \{z\}, \{x\} and \{y\} in it/,
  )
})
