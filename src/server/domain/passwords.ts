// argon2id (memory-hard) with the library's OWASP-level defaults.
import { hash, verify } from '@node-rs/argon2'
import { randomBytes } from 'node:crypto'

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read
const options = { algorithm: 2 as const }

/** The library's two calls behind one object, so a test counts them (vi.spyOn) in whatever module graph it shares. */
export const argon2 = { hash, verify }

export const hashPassword = (password: string) => argon2.hash(password, options)

let dummyHash: Promise<string> | undefined
/** Checks a password; with no stored hash it still does the same work, so timing does not tell whether an account exists. */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
    await argon2.verify(await dummyHash, password).catch(() => false)
    return false
  }
  return argon2.verify(stored, password).catch(() => false)
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** letters and digits, drawn without modulo bias */
export function randomPassword(length = 20): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62]
    }
  }
  return out
}
