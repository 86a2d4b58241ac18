// Entry of the admin UI. A Dutch choice is loaded before the first paint, so the app never flashes English.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { i18nProvider } from './providers'
import { startLocale } from './providers/i18nProvider'

if (startLocale() !== 'en') await i18nProvider.changeLocale(startLocale(), { remember: false })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
