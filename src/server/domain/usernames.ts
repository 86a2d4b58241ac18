// Usernames that cannot pass for someone else's: kept in Unicode NFKC form, without invisible or direction-changing
// characters, and compared by their confusable skeleton (Unicode TR 39), so `аdmin` with a Cyrillic а is `admin`.
import unhomoglyph from 'unhomoglyph'
import { Invalid } from './errors'

/** control, format (zero-width, bidirectional overrides and isolates), private-use, unassigned; line and paragraph separators */
const HIDDEN = /[\p{C}\p{Zl}\p{Zp}\p{Bidi_Control}]/u

/** TR 39 skeleton: decompose, map each character to its prototype (unhomoglyph holds confusables.txt), decompose. */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD')

/** What two names share when they look alike, ignoring case too: `Ian` and `lan`, `аdmin` and `Admin`. */
export const usernameKey = (username: string) => skeleton(skeleton(username.normalize('NFKC').trim()).toLowerCase())

/** The name as it is stored: NFKC, trimmed; refused (422 naming the field) when it hides characters. */
export function normalizeUsername(username: string, loc: (string | number)[] = ['body', 'username']): string {
  const normalized = username.normalize('NFKC').trim()
  if (HIDDEN.test(normalized)) throw Invalid.rule(loc, 'username_hidden_characters', {}, 'username_hidden_characters')
  // said as the schemas say a blank string, whose rule (ctx without a description) the screens translate
  if (normalized === '') throw new Invalid([{ loc, msg: 'String should not be blank', type: 'string_pattern_mismatch', ctx: {} }])
  return normalized
}
