import { Link } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { useT } from '../../../i18n/runtime'

export function BackToDashboard() {
  const t = useT()
  return (
    <Link asChild variant="underline" colorPalette="brand" alignSelf="flex-start">
      <RouterLink to="/admin">{t('admin.backToDashboard')}</RouterLink>
    </Link>
  )
}
