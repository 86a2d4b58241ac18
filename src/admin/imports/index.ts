// What the /imports routes need: a new import with the earlier ones, one import's report, and the menu icon.
import { lazy } from 'react'
import UploadFileIcon from '@mui/icons-material/UploadFile'

export default {
  page: lazy(() => import('./ImportPage')),
  report: lazy(() => import('./ImportReportPage')),
  icon: UploadFileIcon,
  path: '/imports',
}
