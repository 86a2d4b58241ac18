// The browser's refusals of the camera come as English messages: the scan dialog says them in the reader's language.
import { describe, expect, it } from 'vitest'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import { cameraProblem } from '../../src/admin/common/scanning/CameraScanDialog'
import { englishI18n } from './render'
import type { Translate } from '../../src/admin/common/translate'

const dutch = polyglotI18nProvider(() => nl, 'nl')
const refusal = (name: string, message: string) => Object.assign(new Error(message), { name })

describe("the camera's refusals", () => {
  it('are said in words for the errors browsers give, and kept as they are otherwise', () => {
    const inDutch = (error: unknown) => cameraProblem(error, dutch.translate as Translate)
    expect(inDutch(refusal('NotFoundError', 'Requested device not found'))).toBe(
      'dit apparaat heeft geen camera die de browser kan gebruiken',
    )
    expect(inDutch(refusal('NotAllowedError', 'Permission denied'))).toMatch(/^de browser mocht hem niet gebruiken/)
    expect(inDutch(refusal('NotReadableError', 'Could not start video source'))).toMatch(/^een andere app gebruikt hem/)
    expect(cameraProblem(refusal('OverconstrainedError', 'x'), englishI18n.translate as Translate)).toBe(
      'this device has no camera the browser can use',
    )
    expect(inDutch(new Error('something else'))).toBe('something else')
  })
})
