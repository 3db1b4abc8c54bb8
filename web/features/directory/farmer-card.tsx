// The farmer card (spec 000 §2): name; Premium, Delivery, Bulk badges; phone; e-mail (hidden
// when none or internal); website; town and tikina; service areas; 'Sells {produce}'; the first
// farm photo as a small thumbnail (lazy-loaded; tapping it opens the full photos); Call / WhatsApp /
// Email links.
import { Box, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { Suspense, useState, type ReactNode } from 'react'
import type { PublicFarmer } from '../../../api/contract'
import { photoThumbnailPath } from '../../../api/contract/display'
import { trackFarmerClick } from '../../shared/analytics'
import { CardArticle } from '../../shared/ui/card-article'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { Pill } from '../../shared/ui/pill'
import { ContactLinks } from './contact-links'
import { DialogLoading } from './dialog-loading'
import { joinPlace, mailtoHref, publicEmail, safeWebsite, telHref } from './directory-logic'
import { FarmerPhotosDialog, preloadPhotosDialog } from './lazy-dialogs'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fontSize="sm">
      <chakra.span fontWeight="semibold">{label}: </chakra.span>
      {children}
    </Text>
  )
}

export function FarmerBadges({ farmer }: { farmer: Pick<PublicFarmer, 'isPremium' | 'deliveryAvailable' | 'isBulk' | 'isDemo'> }) {
  const t = useT()
  if (!farmer.isPremium && !farmer.deliveryAvailable && !farmer.isBulk && !farmer.isDemo) return null
  return (
    <Flex gap="1.5" wrap="wrap">
      <DemoBadge isDemo={farmer.isDemo} />
      {farmer.isPremium ? <Pill tone="yellow">{t('directory.card.premium')}</Pill> : null}
      {farmer.deliveryAvailable ? <Pill tone="green">{t('directory.card.delivery')}</Pill> : null}
      {farmer.isBulk ? <Pill tone="blue">{t('directory.card.bulk')}</Pill> : null}
    </Flex>
  )
}

/** The first farm photo as its 160 px thumbnail (a few KB, not the full ~200 KB photo); a tap opens them all full size. */
function CardPhoto({ farmer, photoUrl }: { farmer: PublicFarmer; photoUrl: string }) {
  const t = useT()
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <chakra.button
        type="button"
        aria-label={t('directory.card.viewPhotos', { name: farmer.name })}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadPhotosDialog}
        onFocus={preloadPhotosDialog}
        p="0"
        border="none"
        bg="gray.100"
        borderRadius="lg"
        flexShrink={0}
        cursor="zoom-in"
        overflow="hidden"
      >
        <chakra.img
          src={photoThumbnailPath(photoUrl)}
          alt={t('directory.card.photoAlt', { name: farmer.name })}
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          display="block"
          boxSize="20"
          objectFit="cover"
        />
      </chakra.button>
      {isOpen ? (
        <Suspense fallback={<DialogLoading />}>
          <FarmerPhotosDialog farmer={farmer} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

/** `headingLevel` h1 on the farmer's own page, where the card is the page. */
export function FarmerCard({ farmer, headingLevel = 'h3' }: { farmer: PublicFarmer; headingLevel?: 'h1' | 'h3' | 'h4' }) {
  const t = useT()
  const email = publicEmail(farmer.email)
  const website = safeWebsite(farmer.website)
  const phone = farmer.phone?.trim() || null
  const photo = farmer.photoUrls[0]
  const place = joinPlace(farmer.town, farmer.tikina)
  return (
    <CardArticle aria-label={farmer.name} data-testid="farmer-card">
      <Flex gap="3" align="flex-start">
        {photo ? <CardPhoto farmer={farmer} photoUrl={photo} /> : null}
        <Box minW="0" flex="1">
          <Heading as={headingLevel} size="md" overflowWrap="anywhere">
            {farmer.name}
          </Heading>
          <Box mt="1">
            <FarmerBadges farmer={farmer} />
          </Box>
        </Box>
      </Flex>
      <Box display="flex" flexDirection="column" gap="0.5">
        <Detail label={t('directory.card.phone')}>
          {phone ? (
            <Link href={telHref(phone)} variant="underline" colorPalette="brand" onClick={() => trackFarmerClick(farmer.id, 'call')}>
              {phone}
            </Link>
          ) : (
            t(texts.phoneNotProvided)
          )}
        </Detail>
        {email ? (
          <Detail label={t('directory.card.email')}>
            <Link href={mailtoHref(email)} variant="underline" colorPalette="brand" overflowWrap="anywhere" onClick={() => trackFarmerClick(farmer.id, 'email')}>
              {email}
            </Link>
          </Detail>
        ) : null}
        {website ? (
          <Detail label={t('directory.card.website')}>
            <Link
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              variant="underline"
              colorPalette="brand"
              overflowWrap="anywhere"
              onClick={() => trackFarmerClick(farmer.id, 'website')}
            >
              {farmer.website}
              <chakra.span srOnly> {t('layout.opensInNewTab')}</chakra.span>
            </Link>
          </Detail>
        ) : null}
        {place ? <Detail label={t('directory.card.townAndTikina')}>{place}</Detail> : null}
        {farmer.cities.length > 0 ? <Detail label={t('directory.card.serviceAreas')}>{farmer.cities.join(', ')}</Detail> : null}
      </Box>
      {farmer.produce.length > 0 ? (
        <Text fontWeight="medium" color="brand.800">
          {t('directory.card.sells', { produce: farmer.produce.join(', ') })}
        </Text>
      ) : null}
      <Box mt="auto" pt="1">
        <ContactLinks farmer={farmer} />
      </Box>
    </CardArticle>
  )
}

/** A responsive grid of farmer cards. */
export function FarmerCardList({ farmers, headingLevel }: { farmers: readonly PublicFarmer[]; headingLevel?: 'h3' | 'h4' }) {
  return (
    <chakra.ul listStyle="none" p="0" m="0" display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}>
      {farmers.map((farmer) => (
        <chakra.li key={farmer.id} display="flex" flexDirection="column" css={{ '& > article': { flex: 1 } }}>
          <FarmerCard farmer={farmer} headingLevel={headingLevel} />
        </chakra.li>
      ))}
    </chakra.ul>
  )
}
