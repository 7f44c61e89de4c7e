import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../modules/shared/index'
import { databaseTarget } from './target'

describe('databaseTarget', () => {
  test('without DATABASE_URL it is the embedded database under DATA_DIR', () => {
    expect(databaseTarget(loadConfig({ DATA_DIR: '/var/kirana', DATABASE_DIRECT_URL: 'postgres://u@db:5432/kirana' }))).toEqual({ dataDir: '/var/kirana' })
  })

  test('LISTEN goes through DATABASE_URL when no direct URL is set', () => {
    expect(databaseTarget(loadConfig({ DATABASE_URL: 'postgres://u@pool:6432/kirana', DATABASE_POOL_SIZE: '4' }))).toEqual({
      url: 'postgres://u@pool:6432/kirana',
      poolSize: 4,
      listenUrl: 'postgres://u@pool:6432/kirana',
    })
  })

  test('LISTEN goes to DATABASE_DIRECT_URL when set, queries to DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@pool:6432/kirana', DATABASE_DIRECT_URL: 'postgres://u@db:5432/kirana' })
    expect(databaseTarget(config)).toMatchObject({ url: 'postgres://u@pool:6432/kirana', listenUrl: 'postgres://u@db:5432/kirana' })
  })
})
