import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/*/schema.ts', './modules/*/gateways/*/schema.ts'],
  out: './db/migrations',
  casing: 'snake_case',
})
