// Builds the admin UI once for the whole browser suite, exactly as `npm run build` does.
import { execFileSync } from 'node:child_process'

export default function buildOnce() {
  if (process.env.E2E_SKIP_BUILD === '1') return
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
