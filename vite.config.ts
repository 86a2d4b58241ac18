import { configDefaults, defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { firstScreenReport } from './bench/first-screen'

// The API suite runs on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set; *.postgres.test.ts
// files test what only PostgreSQL does (several servers on one database) and belong to the PostgreSQL run alone.
const apiProject = (db: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${db}`,
    include: ['tests/api/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(db === 'sqlite' ? ['tests/api/**/*.postgres.test.ts'] : [])],
    environment: 'node' as const,
    env: { STOCKROOM_TEST_DB: db },
    // the test files of a worker share the server's modules, imported once (each file still starts its own server on
    // its own database): importing them per file cost more CPU than the tests themselves
    isolate: false,
    // the migrated template database and the server bundle, made once per project
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // most of an API test's time is waiting (a server process starting, a lock, PostgreSQL): three files at once
    // on two cores keep them busy, where vitest's default (cores - 1) ran one at a time
    maxWorkers: 3,
    // projects of one group share its worker count: the API projects go first, the screens (CPU-bound) after
    sequence: { groupOrder: 0 },
  },
})

export default defineConfig({
  // the build prints the JavaScript the sign-in screen needs (tests/e2e/first-screen.test.ts holds it to budget)
  // brotli and gzip copies of each file are made once here; the server sends the one the browser accepts
  plugins: [react(), firstScreenReport(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // every browser the floor and the office use follows <link rel=modulepreload> itself (Chrome 66, Safari 17,
    // Firefox 115): the polyfill would only add to the sign-in screen
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // the contract's schema modules only define values: an admin module that imports a constant through the
      // contract's index must not bring every schema (and TypeBox) into the first screen
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]contract[\\/]/.test(id) },
    },
  },
  // `npm run dev` proxies the API; API_URL points it at another server than the default one
  server: { proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:8000' } },
  test: {
    projects: [
      apiProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['tests/admin/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/admin/setup.ts'],
          // react-admin forms in jsdom take seconds per test when the two cores are busy
          testTimeout: 20_000,
          // a file on each core: 160 s where vitest's default (cores - 1) took 280 s
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // one file at a time: two at once (each with its server and browser) halved the time, but on two cores a
          // server then answered its first list after more than the 7 s that the admin's three tries wait, and a
          // journey's scan found nothing
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
