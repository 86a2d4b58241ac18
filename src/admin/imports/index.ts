// The imports pages: a new import with the earlier ones, and one import's report.
import { lazy } from 'react'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import type { PageScreen } from '../common/screen'

export default {
  path: '/imports',
  label: 'terms.import',
  audience: 'imports.run',
  icon: UploadFileIcon,
  pages: { '': lazy(() => import('./ImportPage')), ':id': lazy(() => import('./ImportReportPage')) },
} satisfies PageScreen
