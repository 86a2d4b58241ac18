// Entry of the admin UI. A Dutch choice is loaded before the first paint, so the app never flashes English; a session
// kept from before loads every text of the screens behind the sign-in first, which the sign-in screen does not need.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { i18nProvider } from './providers'
import { session } from './providers/session'
import { startLocale } from './providers/i18nProvider'

if (session.token()) await i18nProvider.loadEveryText()
if (startLocale() !== 'en') await i18nProvider.changeLocale(startLocale(), { remember: false })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
