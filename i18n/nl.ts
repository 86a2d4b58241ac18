// Nederlands. Same keys as i18n/en.ts. ra-language-dutch was written for react-admin 4; `raAdditions` fills in
// what react-admin 5 added.
import type { TranslationMessages } from 'ra-core'
import dutchMessages from 'ra-language-dutch'
import type en from './en'

// what react-admin 5 added or renamed since ra-language-dutch 4
const raAdditions = {
  action: {
    reset: 'Herstellen',
    search_columns: 'Kolommen zoeken',
    select_all_button: 'Alles selecteren',
    update_application: 'Applicatie herladen',
  },
  page: {
    access_denied: 'Geen toegang',
    authentication_error: 'Authenticatiefout',
    // react-admin 5 passes the record's representation, not its id
    edit: '%{name} %{recordRepresentation}',
    show: '%{name} %{recordRepresentation}',
  },
  message: {
    access_denied: 'U heeft niet de juiste rechten om deze pagina te openen',
    authentication_error: 'De authenticatieserver gaf een fout en uw gegevens konden niet worden gecontroleerd.',
    auth_error: 'Er trad een fout op bij het controleren van het authenticatietoken.',
    clear_array_input: 'Weet u zeker dat u de hele lijst wilt wissen?',
    select_all_limit_reached: 'Er zijn te veel elementen om alles te selecteren. Alleen de eerste %{max} zijn geselecteerd.',
    placeholder_data_warning: 'Netwerkprobleem: gegevens konden niet worden vernieuwd.',
    bulk_update_content:
      'Weet u zeker dat u %{name} %{recordRepresentation} wilt bijwerken? |||| Weet u zeker dat u deze %{smart_count} items wilt bijwerken?',
    bulk_update_title: '%{name} %{recordRepresentation} bijwerken |||| %{smart_count} %{name} bijwerken',
    delete_content: 'Weet u zeker dat u dit %{name} wilt verwijderen?',
    delete_title: '%{name} %{recordRepresentation} verwijderen',
  },
  navigation: {
    clear_filters: 'Filters wissen',
    no_filtered_results: 'Geen %{name} gevonden met de huidige filters.',
    no_results: 'Geen %{name} gevonden',
  },
  sort: { sort_by: 'Sorteren op %{field_lower_first} %{order}' },
  auth: { email: 'E-mail' },
  notification: {
    application_update_available: 'Er is een nieuwe versie beschikbaar.',
    offline: 'Geen verbinding. Gegevens konden niet worden opgehaald.',
  },
  validation: { unique: 'Moet uniek zijn' },
  guesser: { empty: { title: 'Geen gegevens om te tonen', message: 'Controleer uw dataProvider' } },
}

const { prev: _unusedInV5, ...dutchNavigation } = dutchMessages.ra.navigation as Record<string, string>
const ra = Object.fromEntries(
  Object.entries({ ...dutchMessages.ra, navigation: dutchNavigation }).map(([section, texts]) => [
    section,
    { ...(texts as object), ...(raAdditions as Record<string, object>)[section] },
  ]),
)

const nl: typeof en = {
  ...(dutchMessages as unknown as typeof en),
  ra: { ...ra, guesser: raAdditions.guesser } as typeof en.ra,
  stockroom: {
    name: 'Stockroom',
    document_title: 'Stockroom - %{page}',
    language: 'Taal',
    menu: {
      open: 'Accountmenu',
      home: 'Start',
      products: 'Producten',
      organizations: 'Organisaties',
      brands: 'Merken',
      warehouses: 'Magazijnen',
      users: 'Gebruikers',
      sign_in: 'Inloggen',
      profile: 'Profiel',
      sign_out: 'Uitloggen',
    },
    auth: {
      title: 'Inloggen',
      welcome: 'Welkom',
      email: 'E-mail',
      password: 'Wachtwoord',
      sign_in: 'Inloggen',
      forgot_password: 'Wachtwoord vergeten?',
      reset_title: 'Wachtwoord herstellen',
      reset_help: 'Vul uw e-mailadres in om instructies te ontvangen om uw wachtwoord te herstellen.',
      cancel: 'Annuleren',
      send: 'Versturen',
      reset_sent: 'Als %{email} een account heeft, is er een mail onderweg met een link om een nieuw wachtwoord te kiezen.',
      bad_credentials: 'Het e-mailadres of het wachtwoord is onjuist.',
      session_expired: 'Uw sessie is afgelopen. Log opnieuw in.',
      forbidden: 'U mag die pagina niet openen.',
    },
    verify: {
      title: 'E-mailverificatie',
      wait: 'Even geduld...',
      success: 'Bedankt! Uw e-mailadres is geverifieerd.',
      success_hint: 'Controleer en vul uw profielpagina aan.',
      profile_link: 'Naar uw profiel',
      already_verified: 'Uw e-mailadres was al geverifieerd.',
      failure: 'Oeps! Er ging iets mis. Vraag een nieuwe verificatiemail aan of neem contact op met support.',
      resend: 'Verificatiemail opnieuw versturen',
    },
    send_verification: {
      title: 'Vul uw e-mailadres in',
      email: 'E-mail',
      close: 'Sluiten',
      submit: 'Versturen',
      sent: 'Als %{email} nog geverifieerd moet worden, is er een mail met een link onderweg.',
    },
    password_reset: {
      title: 'Nieuw wachtwoord',
      password: 'Nieuw wachtwoord',
      help: 'Minstens %{min} tekens.',
      submit: 'Versturen',
      done: 'Uw nieuwe wachtwoord is ingesteld. Log ermee in.',
    },
    profile: {
      title: 'Profiel',
      username: 'Gebruikersnaam',
      given_name: 'Voornaam',
      family_name: 'Achternaam',
      email: 'E-mail',
      active: 'Actief',
      verified: 'Geverifieerd',
      superuser: 'Superuser',
      send_verification: 'Verificatiemail versturen',
      edit: 'Bewerken',
      edit_title: 'Bewerk uw account',
      cancel: 'Annuleren',
      save: 'Opslaan',
      saved: 'Uw account is opgeslagen.',
      email_changed: 'Uw e-mailadres is gewijzigd: verifieer het nieuwe adres.',
    },
    errors: {
      timeout: 'De server antwoordde niet binnen %{seconds} seconde(n). Probeer het opnieuw.',
      network: 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
      validation: 'Corrigeer a.u.b.: %{details}',
      server: 'De server had een probleem (%{status}). Probeer het later opnieuw.',
      http: 'Het verzoek is mislukt (%{status}).',
      rate_limited: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
      codes: {
        NOT_FOUND: 'Het bestaat niet meer: iemand heeft het misschien verwijderd.',
        DUPLICATE: 'Er bestaat al een record met deze naam.',
        DUPLICATE_NAME: '"%{name}" bestaat al.',
        REFERENCE: 'Dit record wordt elders gebruikt, of verwijst naar iets dat niet meer bestaat.',
        BRAND_IN_USE: 'Merk "%{name}" wordt gebruikt door %{count} product(en) en kan niet worden verwijderd.',
        ORGANIZATION_IN_USE: 'Organisatie "%{name}" is bij %{count} product(en) leverancier of verkoper en kan niet worden verwijderd.',
        WAREHOUSE_IN_USE: 'Magazijn "%{name}" heeft %{count} voorraadmutatie(s) en kan niet worden verwijderd.',
        LOCATION_IN_USE: 'Locatie "%{name}" heeft %{count} voorraadmutatie(s) en kan niet worden verwijderd.',
        LAST_SUPERUSER: 'Dit is de laatste actieve superuser: maak eerst iemand anders superuser.',
        USERNAME_EXISTS: 'Een andere gebruiker heeft deze gebruikersnaam al.',
        EMAIL_EXISTS: 'Een andere gebruiker heeft dit e-mailadres al.',
        FORBIDDEN: 'U mag dit niet doen.',
        REGISTRATION_CLOSED: 'Registratie is gesloten. Vraag een beheerder om een account.',
        DB_UNAVAILABLE: 'De database is nu niet beschikbaar. Probeer het zo opnieuw.',
        LOGIN_BAD_CREDENTIALS: 'Het e-mailadres of het wachtwoord is onjuist.',
        REGISTER_USER_ALREADY_EXISTS: 'Er bestaat al een account met dit e-mailadres.',
        VERIFY_USER_BAD_TOKEN: 'Deze verificatielink is niet (meer) geldig.',
        VERIFY_USER_ALREADY_VERIFIED: 'Dit e-mailadres is al geverifieerd.',
        RESET_PASSWORD_BAD_TOKEN: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan via "Wachtwoord vergeten?".',
        UPDATE_USER_EMAIL_ALREADY_EXISTS: 'Een andere gebruiker heeft dit e-mailadres al.',
      },
    },
  },
  resources: {
    products: { name: 'Product |||| Producten', fields: {} },
    brands: { name: 'Merk |||| Merken', fields: {} },
    orgs: { name: 'Organisatie |||| Organisaties', fields: {} },
    warehouses: { name: 'Magazijn |||| Magazijnen', fields: {} },
    users: { name: 'Gebruiker |||| Gebruikers', fields: {} },
  },
}

export default nl satisfies TranslationMessages
