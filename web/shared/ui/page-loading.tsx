import { Text } from '@chakra-ui/react'
import { useT } from '../../i18n/runtime'

/** Shown while a lazy screen's code is loading. */
export function PageLoading() {
  const t = useT()
  return (
    <Text role="status" color="fg.muted" py="8">
      {t('ui.loading')}
    </Text>
  )
}
