// The mails an account receives. Each carries one link into the admin UI.

/** A mail as the mailer sends it. */
export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

const signature = '\n\n-- \nStockroom'

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Stockroom: verify your e-mail address',
    text: `Hello,\n\nPlease confirm that this is your e-mail address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not ask for this, you can ignore this mail.${signature}`,
  }
}

export function invitationMail(to: string, username: string, link: string): Mail {
  return {
    to,
    subject: 'Welcome to Stockroom: choose your password',
    text: `Hello ${username},\n\nAn administrator made a Stockroom account for you. Open this link to confirm your e-mail address and choose your password (valid for 24 hours):\n\n${link}\n\nThen sign in with this e-mail address and your new password.${signature}`,
  }
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Stockroom: reset your password',
    text: `Hello,\n\nSomeone asked to reset the password of your Stockroom account. Open this link to choose a new one (valid for 1 hour):\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.${signature}`,
  }
}

/** To the address an account had: no link, so nothing in it can undo the change unseen. */
export function emailChangedNotice(to: string): Mail {
  return {
    to,
    subject: 'Stockroom: your e-mail address was changed',
    text: `Hello,\n\nThe e-mail address of your Stockroom account was changed from ${to} to another address. Mails about the account now go there.\n\nIf you did not do this, tell your Stockroom administrator at once.${signature}`,
  }
}

/** To the account's address after its password changed; no link either. */
export function passwordChangedNotice(to: string): Mail {
  return {
    to,
    subject: 'Stockroom: your password was changed',
    text: `Hello,\n\nThe password of your Stockroom account was changed, and every session signed in with the old one has ended.\n\nIf you did not do this, tell your Stockroom administrator at once.${signature}`,
  }
}

/** The notices a change of an account calls for: a new address tells the old one, a new password the account's. */
export function changeNotices(
  before: { email: string; hashed_password: string },
  after: { email: string; hashed_password: string },
): Mail[] {
  const notices: Mail[] = []
  if (after.email !== before.email) notices.push(emailChangedNotice(before.email))
  if (after.hashed_password !== before.hashed_password) notices.push(passwordChangedNotice(after.email))
  return notices
}
