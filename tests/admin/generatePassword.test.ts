import { afterEach, describe, expect, it, vi } from 'vitest'
import { generatePassword, PASSWORD_ALPHABET, UNBIASED_BYTE_LIMIT } from '../../src/admin/users/generatePassword'

/** a random source that hands out the given bytes in order, round and round */
const cycling = (bytes: number[]) => {
  let next = 0
  return (buffer: Uint8Array<ArrayBuffer>) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = bytes[next++ % bytes.length]
    return buffer
  }
}
const every = (n: number) => Array.from({ length: n }, (_, i) => i)

afterEach(() => vi.restoreAllMocks())

describe('generatePassword', () => {
  it('makes 14 letters and digits from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues')
    const password = generatePassword()
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/)
    expect(spy).toHaveBeenCalled()
    expect(generatePassword()).not.toBe(password)
  })

  it('uses the 62 letters and digits and honours the length asked for', () => {
    expect(PASSWORD_ALPHABET).toHaveLength(62)
    expect(new Set(PASSWORD_ALPHABET).size).toBe(62)
    expect(PASSWORD_ALPHABET).toMatch(/^[A-Za-z0-9]+$/)
    expect(generatePassword(3, cycling([0, 61, 62]))).toBe('A9A')
    expect(generatePassword(40)).toHaveLength(40)
  })

  it('draws bytes of 248 and up again, so no character is more likely than another', () => {
    expect(UNBIASED_BYTE_LIMIT).toBe(248)
    expect(generatePassword(3, cycling([248, 255, 250, 1, 249, 2, 3]))).toBe('BCD')
    // two full rounds of every byte value: taking byte % 62 of all 512 would favour the first 8 characters
    const password = generatePassword(2 * UNBIASED_BYTE_LIMIT, cycling(every(256)))
    const counts = new Map<string, number>()
    for (const char of password) counts.set(char, (counts.get(char) ?? 0) + 1)
    expect(counts.size).toBe(62)
    expect(new Set(counts.values())).toEqual(new Set([8]))
  })

  it('is pure: the same random bytes give the same password', () => {
    const bytes = [7, 250, 99, 3, 200, 61, 130, 18, 255, 44, 0, 77, 150, 201, 5, 9]
    expect(generatePassword(14, cycling(bytes))).toBe(generatePassword(14, cycling(bytes)))
  })
})
