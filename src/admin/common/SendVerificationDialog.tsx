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
      cancelLabel={translate('stockroom.send_verification.close')}
      submitLabel={translate('stockroom.send_verification.submit')}
      onSubmit={async (email) => {
        await account.requestVerification(email)
        props.onSent?.()
      }}
      successMessage={(email) => translate('stockroom.send_verification.sent', { email })}
    />
  )
}
