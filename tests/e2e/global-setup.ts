// Builds the admin UI once for the whole browser suite, exactly as `npm run build` does.
import { execFileSync } from 'node:child_process'

export default function buildOnce() {
  if (process.env.E2E_SKIP_BUILD === '1') return
  // vitest runs with NODE_ENV=test, which Vite would take over: a development build of React and react-admin
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}
