// Texts only the server says, in Dutch (the same keys as i18n/server/en.ts): the mails it sends and the purchase
// orders it prints.
import nl from '../nl'
import type serverEn from './en'

const { terms } = nl

const texts: typeof serverEn = {
  mail: {
    verification: {
      subject: 'Stockroom: bevestig uw e-mailadres',
      text: 'Hallo,\n\nBevestig dat dit uw e-mailadres is door deze link te openen (24 uur geldig):\n\n%{link}\n\nHeeft u hier niet om gevraagd, dan kunt u deze mail negeren.',
    },
    invitation: {
      subject: 'Welkom bij Stockroom: kies uw wachtwoord',
      text: 'Hallo %{username},\n\nEen beheerder heeft een Stockroom-account voor u gemaakt. Open deze link om uw e-mailadres te bevestigen en uw wachtwoord te kiezen (24 uur geldig):\n\n%{link}\n\nLog daarna in met dit e-mailadres en uw nieuwe wachtwoord.',
    },
    reset: {
      subject: 'Stockroom: stel uw wachtwoord opnieuw in',
      text: 'Hallo,\n\nIemand heeft gevraagd het wachtwoord van uw Stockroom-account opnieuw in te stellen. Open deze link om een nieuw te kiezen (1 uur geldig):\n\n%{link}\n\nWas u het niet, negeer dan deze mail; uw wachtwoord blijft zoals het is.',
    },
    email_changed: {
      subject: 'Stockroom: uw e-mailadres is gewijzigd',
      text: 'Hallo,\n\nHet e-mailadres van uw Stockroom-account is gewijzigd van %{email} in een ander adres. Mails over het account gaan nu daarheen.\n\nDeed u dit niet, meld het dan meteen aan uw Stockroom-beheerder.',
    },
    password_changed: {
      subject: 'Stockroom: uw wachtwoord is gewijzigd',
      text: 'Hallo,\n\nHet wachtwoord van uw Stockroom-account is gewijzigd, en elke sessie die met het oude was ingelogd is beëindigd.\n\nDeed u dit niet, meld het dan meteen aan uw Stockroom-beheerder.',
    },
  },
  purchase_orders: {
    pdf: {
      title: terms.purchase_order,
      supplier: terms.supplier,
      deliver_to: 'Afleveren bij',
      date: terms.date,
      expected: terms.expected,
      note: 'Opmerking',
      line: '#',
      sku: 'Onze SKU',
      supplier_sku: 'Uw artikelnr.',
      description: terms.description,
      quantity: terms.quantity,
      unit_price: terms.unit_price,
      amount: 'Bedrag',
      total: terms.total,
    },
    mail: {
      subject: 'Inkooporder %{number} van %{company}',
      text: 'Beste %{supplier},\n\nIn de bijlage vindt u onze inkooporder %{number}. Graag afleveren bij %{warehouse}.\n\nMet vriendelijke groet,\n%{company}',
    },
  },
}

export default texts
