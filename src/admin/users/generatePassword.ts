// The password of a user an administrator adds (SPEC §4, §9): 14 letters and digits from the browser's CSPRNG.
// Nobody reads it: the invitation mail lets the person choose their own. Pure, given the random source.
import { GENERATED_PASSWORD_LENGTH } from '../../contract/constants'

export const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Bytes from here up are drawn again: 248 = 4 × 62, so every character is exactly as likely (no modulo bias). */
export const UNBIASED_BYTE_LIMIT = 256 - (256 % PASSWORD_ALPHABET.length)

export type FillRandom = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>

export function generatePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  fillRandom: FillRandom = (bytes) => crypto.getRandomValues(bytes),
): string {
  let password = ''
  while (password.length < length) {
    for (const byte of fillRandom(new Uint8Array(length))) {
      if (byte < UNBIASED_BYTE_LIMIT && password.length < length) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]
    }
  }
  return password
}
