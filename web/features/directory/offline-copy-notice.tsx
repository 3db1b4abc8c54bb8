// The plain word that a list comes from the phone's copy (issue 17): shown only while a list on
// screen was answered from it, with when the server last confirmed that copy, in Fiji time.
// The time formatting (shared/fiji-time) is fetched when the notice first shows: it is not part of
// the home page's initial JavaScript.
import { Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import type { formatFijiTimeInLanguage } from '../../shared/fiji-time'
import { useOfflineCopyAsOf } from './offline-copy'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

type Format = typeof formatFijiTimeInLanguage

export function OfflineCopyNotice({ mt, mb = '4' }: { mt?: '0' | '4'; mb?: '0' | '4' }) {
  const t = useT()
  const asOf = useOfflineCopyAsOf()
  const [format, setFormat] = useState<Format | null>(null)
  useEffect(() => {
    if (asOf === null || format) return
    let active = true
    void import('../../shared/fiji-time').then((module) => {
      if (active) setFormat(() => module.formatFijiTimeInLanguage)
    })
    return () => {
      active = false
    }
  }, [asOf, format])
  if (asOf === null || !format) return null
  return (
    <Text role="status" data-testid="offline-copy-notice" mt={mt} mb={mb} px="3" py="2" fontSize="sm" fontWeight="medium" color="orange.900" bg="orange.50" borderWidth="1px" borderColor="orange.700" borderRadius="md">
      {t(texts.offlineCopyNotice, { time: format(new Date(asOf)) })}
    </Text>
  )
}
