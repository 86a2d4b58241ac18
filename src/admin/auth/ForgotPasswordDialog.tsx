import { account } from '../providers'
import { EmailDialog } from './EmailDialog'
import { useTranslate } from '../common/translate'

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate()
  return (
    <EmailDialog
      open={open}
      onClose={onClose}
      title={translate('stockroom.auth.reset_title')}
      help={translate('stockroom.auth.reset_help')}
      cancelLabel={translate('terms.cancel')}
      submitLabel={translate('stockroom.auth.send')}
      onSubmit={account.requestPasswordReset}
      successMessage={(email) => translate('stockroom.auth.reset_sent', { email })}
    />
  )
}
