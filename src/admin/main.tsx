// Entry of the admin UI (react-admin app comes in the admin issue).
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<p>Stockroom</p>)
