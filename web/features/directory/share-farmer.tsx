// "Share" for a farmer (issue 21): the link to the farmer's own page (/farmers/<id>, whose preview
// card chat apps show). The phone's share sheet where the browser has one (Web Share API); else
// "Copy link" and "Share on WhatsApp" (https://wa.me/?text=…, any recipient). The server renders
// the farmer page too (its HTML is hydrated): there, and in the browser's first render, it is the
// second form; the browser then shows what it has. The server's render holds SITE_ORIGIN_MARK where
// the origin goes and the server serves it with the page's own origin, which is what the browser
// reads as it hydrates: a link tapped before the scripts ran is whole.
import { Button, Text } from '@chakra-ui/react'
import { useState, useSyncExternalStore } from 'react'
import { SITE_ORIGIN_MARK, farmerPagePath } from '../../../api/contract/public-pages'
import { ButtonLink } from '../../shared/ui/button-link'
import { useT } from '../../i18n/runtime'

type Copy = 'idle' | 'copied' | 'failed'

const noSubscription = () => () => undefined
const browserCanShare = () => typeof navigator.share === 'function'
const browserOrigin = () => window.location.origin
const renderedOrigin = () => (typeof window === 'undefined' ? SITE_ORIGIN_MARK : window.location.origin)

export function ShareFarmer({ farmer }: { farmer: { id: string; name: string } }) {
  const t = useT()
  const [copy, setCopy] = useState<Copy>('idle')
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false)
  const url = `${useSyncExternalStore(noSubscription, browserOrigin, renderedOrigin)}${farmerPagePath(farmer.id)}`
  const text = t('directory.share.text', { name: farmer.name })
  const label = { name: farmer.name }

  if (canShare) {
    const share = () => {
      // A dismissed share sheet rejects (AbortError): nothing to tell.
      navigator.share({ title: farmer.name, text, url }).catch(() => undefined)
    }
    return (
      <Button size="sm" variant="outline" colorPalette="brand" onClick={share} aria-label={t('directory.share.shareLabel', label)}>
        {t('directory.share.share')}
      </Button>
    )
  }

  const copyLink = () => {
    // No clipboard (plain http on a LAN): the link is shown to copy by hand.
    const write = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))
    write.then(() => setCopy('copied'), () => setCopy('failed'))
  }
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="brand" onClick={copyLink} aria-label={t('directory.share.copyLinkLabel', label)}>
        {t('directory.share.copyLink')}
      </Button>
      <ButtonLink size="sm" variant="outline" colorPalette="brand">
        <a href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`} target="_blank" rel="noopener noreferrer" aria-label={t('directory.share.whatsAppLabel', label)}>
          {t('directory.share.whatsApp')}
        </a>
      </ButtonLink>
      <Text role="status" fontSize="sm" flexBasis="100%" overflowWrap="anywhere" hidden={copy === 'idle'}>
        {copy === 'copied' ? t('directory.share.copied') : copy === 'failed' ? t('directory.share.copyFailed', { url }) : ''}
      </Text>
    </>
  )
}
