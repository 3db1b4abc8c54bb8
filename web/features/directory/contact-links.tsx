// Call, WhatsApp and Email for a farmer: tel:, https://wa.me/<digits> and mailto: links, each
// recorded as a farmer click (first-party analytics); then Share, the farmer page's link.
import { Flex } from '@chakra-ui/react'
import { trackFarmerClick } from '../../shared/analytics'
import { mailtoHref, publicEmail, telHref, whatsappHref } from './directory-logic'
import { ButtonLink } from '../../shared/ui/button-link'
import { useT } from '../../i18n/runtime'
import { ShareFarmer } from './share-farmer'

export interface ContactFarmer {
  id: string
  name: string
  phone: string | null
  email: string | null
}

export function ContactLinks({ farmer }: { farmer: ContactFarmer }) {
  const t = useT()
  const phone = farmer.phone?.trim() || null
  const whatsapp = phone ? whatsappHref(phone) : null
  const email = publicEmail(farmer.email)
  return (
    <Flex gap="2" wrap="wrap">
      {phone ? (
        <ButtonLink size="sm" colorPalette="brand">
          <a href={telHref(phone)} aria-label={t('directory.contact.callLabel', { name: farmer.name })} onClick={() => trackFarmerClick(farmer.id, 'call')}>
            {t('directory.contact.call')}
          </a>
        </ButtonLink>
      ) : null}
      {whatsapp ? (
        <ButtonLink size="sm" variant="outline" colorPalette="brand">
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('directory.contact.whatsAppLabel', { name: farmer.name })}
            onClick={() => trackFarmerClick(farmer.id, 'call')}
          >
            WhatsApp
          </a>
        </ButtonLink>
      ) : null}
      {email ? (
        <ButtonLink size="sm" variant="outline" colorPalette="brand">
          <a href={mailtoHref(email)} aria-label={t('directory.contact.emailLabel', { name: farmer.name })} onClick={() => trackFarmerClick(farmer.id, 'email')}>
            {t('directory.contact.email')}
          </a>
        </ButtonLink>
      ) : null}
      <ShareFarmer farmer={farmer} />
    </Flex>
  )
}
