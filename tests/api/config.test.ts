// The environment is read and checked once at start; a bad value stops the start with the name of the setting.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigSchema, loadConfig } from '../../src/server/config'

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 8000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:data/stockroom.db',
      DATA_DIR: 'data',
      PUBLIC_URL: 'http://localhost:8000',
      MAIL_FROM: 'Stockroom <stockroom@localhost>',
      ADMIN_EMAIL: 'admin@example.com',
      OPEN_REGISTRATION: false,
      TOKEN_LIFETIME: 28800,
      LOG_LEVEL: 'info',
    })
    expect(config.SECRET).toBeUndefined()
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.ADMIN_PASSWORD).toBeUndefined()
  })

  it('converts numbers and booleans, treats empty values as unset, and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '9100',
      OPEN_REGISTRATION: 'true',
      TOKEN_LIFETIME: '600',
      SMTP_URL: '',
      PUBLIC_URL: 'https://stock.example.org/',
    })
    expect(config).toMatchObject({ PORT: 9100, OPEN_REGISTRATION: true, TOKEN_LIFETIME: 600, PUBLIC_URL: 'https://stock.example.org' })
    expect(config.SMTP_URL).toBeUndefined()
    expect(loadConfig({ PORT: '9100' }).PUBLIC_URL).toBe('http://localhost:9100')
    expect(loadConfig({ OPEN_REGISTRATION: 'false' }).OPEN_REGISTRATION).toBe(false)
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SECRET', 'too-short'],
    ['PUBLIC_URL', 'stock.example.org'],
    ['SMTP_URL', 'http://mail.example.org'],
    ['ADMIN_EMAIL', 'not-an-address'],
    ['ADMIN_PASSWORD', 'short'],
    ['OPEN_REGISTRATION', 'maybe'],
    ['TOKEN_LIFETIME', '10'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s, naming the setting once', (key, value) => {
    let message = ''
    try {
      loadConfig({ [key]: value })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(new RegExp(`^Invalid environment: ${key} `))
    expect(message.split(key)).toHaveLength(2)
  })
})

describe('the documented settings', () => {
  const root = path.resolve(import.meta.dirname, '../..')
  const settings = Object.keys(ConfigSchema.properties).sort()
  const named = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]).sort()

  it('.env.example lists every setting the server reads, and no other', () => {
    expect(named(fs.readFileSync(path.join(root, '.env.example'), 'utf8'), /^# ([A-Z][A-Z0-9_]+)=/gm)).toEqual(settings)
  })

  it("the README's settings table lists every setting the server reads, and no other", () => {
    expect(named(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), /^\| `([A-Z][A-Z0-9_]+)` +\|/gm)).toEqual(settings)
  })
})
