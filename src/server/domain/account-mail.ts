// The mails an account receives, in the language of the person they go to (i18n: mail.*). Each carries at most one
// link into the admin UI.
import type { Language } from '../../contract'
import { sentence, type TextKey } from './texts'

/** A mail as the mailer sends it. */
export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** files sent along: a purchase order's PDF */
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

type MailKind = 'verification' | 'invitation' | 'reset' | 'email_changed' | 'password_changed'

function mail(to: string, lang: Language, kind: MailKind, values: Record<string, string> = {}): Mail {
  const say = (part: 'subject' | 'text') => sentence(lang, `mail.${kind}.${part}` as TextKey, values)
  return { to, subject: say('subject'), text: `${say('text')}\n\n-- \n${sentence(lang, 'stockroom.name', {})}` }
}

export const verificationMail = (to: string, lang: Language, link: string) => mail(to, lang, 'verification', { link })

export const invitationMail = (to: string, lang: Language, username: string, link: string) =>
  mail(to, lang, 'invitation', { username, link })

export const passwordResetMail = (to: string, lang: Language, link: string) => mail(to, lang, 'reset', { link })

/** To the address an account had: no link, so nothing in it can undo the change unseen. */
export const emailChangedNotice = (to: string, lang: Language) => mail(to, lang, 'email_changed', { email: to })

/** To the account's address after its password changed; no link either. */
export const passwordChangedNotice = (to: string, lang: Language) => mail(to, lang, 'password_changed')

/** The notices a change of an account calls for: a new address tells the old one, a new password the account's. */
export function changeNotices(
  before: { email: string; hashed_password: string },
  after: { email: string; hashed_password: string; language: Language },
): Mail[] {
  const notices: Mail[] = []
  if (after.email !== before.email) notices.push(emailChangedNotice(before.email, after.language))
  if (after.hashed_password !== before.hashed_password) notices.push(passwordChangedNotice(after.email, after.language))
  return notices
}
