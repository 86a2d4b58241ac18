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
