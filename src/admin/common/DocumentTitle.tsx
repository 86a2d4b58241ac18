// The tab title is `Stockroom - {page title}` on every screen: it follows the title react-admin shows in the top bar.
import { useEffect } from 'react'
import { useTranslate } from './translate'

/** Sets the tab title directly; for pages outside the layout (login, verify, password). */
export function useDocumentTitle(page: string) {
  const translate = useTranslate()
  useEffect(() => {
    document.title = page ? translate('stockroom.document_title', { page }) : translate('stockroom.name')
  }, [page, translate])
}

/** Watches react-admin's title slot (#react-admin-title) and mirrors it into the tab title. */
export function DocumentTitle() {
  const translate = useTranslate()
  useEffect(() => {
    const slot = document.getElementById('react-admin-title')
    if (!slot) return
    const update = () => {
      const page = slot.textContent?.trim()
      document.title = page ? translate('stockroom.document_title', { page }) : translate('stockroom.name')
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(slot, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [translate])
  return null
}
