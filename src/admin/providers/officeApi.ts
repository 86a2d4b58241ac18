// The office's calls (exports, imports, undo, the dashboard), made on first use: only screens after the sign-in
// need them, so they stay out of the first screen's JavaScript.
import { httpClient } from './index'
import { createOfficeApi } from './office'

export const office = createOfficeApi(httpClient)
