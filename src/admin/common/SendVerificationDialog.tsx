import { account } from '../providers'
import { EmailDialog } from '../auth/EmailDialog'
import { useTranslate } from './translate'

export function SendVerificationDialog(props: { open: boolean; onClose: () => void; initialEmail?: string; onSent?: () => void }) {
  const translate = useTranslate()
  return (
    <EmailDialog
      open={props.open}
      onClose={props.onClose}
      initialEmail={props.initialEmail}
      title={translate('stockroom.send_verification.title')}
      cancelLabel={translate('terms.close')}
      submitLabel={translate('terms.submit')}
      onSubmit={async (email) => {
        await account.requestVerification(email)
        props.onSent?.()
      }}
      successMessage={(email) => translate('stockroom.send_verification.sent', { email })}
    />
  )
}
