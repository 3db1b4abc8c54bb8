import { Box } from '@chakra-ui/react'
import { useT } from '../../i18n/runtime'

/** Shown while a dialog's code downloads (slow 3G). */
export function DialogLoading() {
  const t = useT()
  return (
    <Box
      role="status"
      position="fixed"
      top="50%"
      left="50%"
      transform="translate(-50%, -50%)"
      zIndex="modal"
      bg="gray.900"
      color="white"
      px="4"
      py="3"
      borderRadius="md"
      boxShadow="lg"
    >
      {t('ui.loading')}
    </Box>
  )
}
