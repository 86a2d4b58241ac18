// Texts only the server says, in English: the mails it sends and the purchase orders it prints. Apart from
// i18n/en.ts, which the browser loads with its first screen, so the sign-in page does not download them.
import en from '../en'

const { terms } = en

export default {
  mail: {
    verification: {
      subject: 'Stockroom: verify your e-mail address',
      text: 'Hello,\n\nPlease confirm that this is your e-mail address by opening this link (valid for 24 hours):\n\n%{link}\n\nIf you did not ask for this, you can ignore this mail.',
    },
    invitation: {
      subject: 'Welcome to Stockroom: choose your password',
      text: 'Hello %{username},\n\nAn administrator made a Stockroom account for you. Open this link to confirm your e-mail address and choose your password (valid for 24 hours):\n\n%{link}\n\nThen sign in with this e-mail address and your new password.',
    },
    reset: {
      subject: 'Stockroom: reset your password',
      text: 'Hello,\n\nSomeone asked to reset the password of your Stockroom account. Open this link to choose a new one (valid for 1 hour):\n\n%{link}\n\nIf it was not you, ignore this mail; your password stays as it is.',
    },
    email_changed: {
      subject: 'Stockroom: your e-mail address was changed',
      text: 'Hello,\n\nThe e-mail address of your Stockroom account was changed from %{email} to another address. Mails about the account now go there.\n\nIf you did not do this, tell your Stockroom administrator at once.',
    },
    password_changed: {
      subject: 'Stockroom: your password was changed',
      text: 'Hello,\n\nThe password of your Stockroom account was changed, and every session signed in with the old one has ended.\n\nIf you did not do this, tell your Stockroom administrator at once.',
    },
  },
  purchase_orders: {
    pdf: {
      title: terms.purchase_order,
      supplier: terms.supplier,
      deliver_to: 'Deliver to',
      date: terms.date,
      expected: terms.expected,
      note: 'Note',
      line: '#',
      sku: 'Our SKU',
      supplier_sku: 'Your article no.',
      description: terms.description,
      quantity: terms.quantity,
      unit_price: terms.unit_price,
      amount: 'Amount',
      total: terms.total,
    },
    mail: {
      subject: 'Purchase order %{number} from %{company}',
      text: 'Dear %{supplier},\n\nPlease find our purchase order %{number} attached. Please deliver to %{warehouse}.\n\nKind regards,\n%{company}',
    },
  },
}
