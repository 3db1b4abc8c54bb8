// Lazy chunk: the subject matter expert directory (spec 000 §2 "Expert directory").
// GET /api/public/experts lists active experts only; photos show as thumbnails (photoThumbnailPath, which also maps legacy paths).
import { Box, Button, Flex, Heading, Link, SimpleGrid, Text, chakra } from '@chakra-ui/react'
import { keyframes } from '@emotion/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import type { PublicExpert } from '../../../api/contract'
// Zod-free parts only: the directory renders without zod.
import { photoThumbnailPath, telHref } from '../../../api/contract/display'
import { PUBLIC_EXPERTS_URL } from '../../../api/contract/public-pages'
import { messages } from '../../../api/contract/messages'
import { publicListQuery } from '../../shared/api'
import { productName, useDocumentTitle } from '../../shared/site'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { ButtonLink } from '../../shared/ui/button-link'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { useT } from '../../i18n/runtime'
import { textAround, useTranslateMessage } from '../../i18n/messages'

const SKELETON_CARDS = 6

/** The active experts: a server silent for SERVER_WAIT_MS ends in the failure with "Try again", as offline. */
export const expertsQuery = queryOptions<PublicExpert[]>({ queryKey: [PUBLIC_EXPERTS_URL], queryFn: (context) => publicListQuery<PublicExpert[]>(context) })

export function ExpertsPage() {
  const t = useT()
  const translate = useTranslateMessage()
  useDocumentTitle(t('experts.directory.title'))
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const experts = useDeferredValue(useQuery(expertsQuery))
  const [contact, setContact] = useState<PublicExpert | null>(null)
  const count = experts.data?.length ?? 0

  return (
    <>
      <Link asChild variant="underline" colorPalette="brand" fontWeight="medium">
        <RouterLink to="/">{t('experts.directory.backToHome')}</RouterLink>
      </Link>
      <Heading as="h1" mt="4" size={{ base: '2xl', md: '3xl' }} color="brand.900">
        {t('experts.directory.title')}
      </Heading>
      <Text mt="2" fontSize="lg" maxW="3xl">
        {t('experts.directory.intro', { productName })}
      </Text>
      {/* A line tall before the count arrives: the list below never moves down (CLS). */}
      <Text mt="2" fontWeight="semibold" color="brand.800" aria-live="polite" lineHeight="1.5" minH="1.5em">
        {experts.isSuccess ? t('experts.directory.available', { count }) : null}
      </Text>

      <Box mt="6">
        {experts.isPending ? (
          <ExpertSkeletons />
        ) : experts.isError ? (
          <Flex role="alert" direction="column" align="flex-start" gap="3" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="lg" p="5">
            <Text color="red.700" fontWeight="medium">
              {t('experts.directory.loadFailed')}
            </Text>
            <Button size="sm" variant="outline" onClick={() => void experts.refetch()}>
              {t('experts.directory.tryAgain')}
            </Button>
          </Flex>
        ) : count === 0 ? (
          <Box borderWidth="1px" borderStyle="dashed" borderColor="gray.300" borderRadius="xl" p="10" textAlign="center">
            <Text fontSize="lg" fontWeight="semibold">
              {translate(messages.experts.noExperts)}
            </Text>
            <RegisterLine askKey="experts.directory.emptyAsk" linkKey="experts.directory.emptyLink" mt="1" />
          </Box>
        ) : (
          <chakra.ul listStyle="none" p="0" m="0" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="5">
            {experts.data.map((expert) => (
              <chakra.li key={expert.id} display="flex">
                <ExpertCard expert={expert} onContact={() => setContact(expert)} />
              </chakra.li>
            ))}
          </chakra.ul>
        )}
      </Box>

      {/* With none listed, the empty state's own line is the one invitation. */}
      {experts.isSuccess && count > 0 ? (
        <RegisterLine askKey="experts.directory.joinAsk" linkKey="experts.directory.joinLink" mt="8" />
      ) : null}

      {contact ? (
        <NativeDialog
          title={t('experts.directory.contactTitle', { name: contact.name })}
          subtitle={[contact.expertField, contact.company].filter(Boolean).join(' · ') || t('experts.directory.defaultField')}
          onClose={() => setContact(null)}
          maxW="32rem"
        >
          <ContactDetails expert={contact} />
        </NativeDialog>
      ) : null}
    </>
  )
}

/** A question with the registration link where each language's grammar puts it. */
function RegisterLine({ askKey, linkKey, mt }: { askKey: string; linkKey: string; mt: string }) {
  const t = useT()
  const [before, after] = textAround(t, askKey, 'link')
  return (
    <Text mt={mt} color="fg.muted">
      {before}
      <Link asChild variant="underline" colorPalette="brand">
        <RouterLink to="/expert-signup">{t(linkKey)}</RouterLink>
      </Link>
      {after}
    </Text>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
}

function ExpertPhoto({ expert }: { expert: PublicExpert }) {
  const t = useT()
  const [failed, setFailed] = useState(false)
  if (expert.photoUrl && !failed) {
    return (
      <chakra.img
        src={photoThumbnailPath(expert.photoUrl)}
        alt={t('experts.directory.photoAlt', { name: expert.name })}
        width="64"
        height="64"
        loading="lazy"
        boxSize="16"
        borderRadius="full"
        objectFit="cover"
        flexShrink="0"
        bg="gray.100"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <Flex
      aria-hidden="true"
      boxSize="16"
      borderRadius="full"
      bg="brand.100"
      color="brand.900"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize="xl"
      flexShrink="0"
    >
      {initials(expert.name)}
    </Flex>
  )
}

function ExpertCard({ expert, onContact }: { expert: PublicExpert; onContact: () => void }) {
  const t = useT()
  const [expanded, setExpanded] = useState(false)
  const panelId = useId()
  const headingId = useId()
  return (
    <chakra.article aria-labelledby={headingId} flex="1" display="flex" flexDirection="column" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="5" bg="white" boxShadow="xs">
      <Flex gap="4" align="center">
        <ExpertPhoto expert={expert} />
        <Box minW="0">
          <Heading as="h2" id={headingId} size="lg" color="brand.900">
            {expert.name}
          </Heading>
          {expert.company ? <Text color="fg.muted">{expert.company}</Text> : null}
          <DemoBadge isDemo={expert.isDemo} title={t('experts.directory.demoBadgeTitle')} />
        </Box>
      </Flex>

      <Button
        type="button"
        mt="4"
        variant="outline"
        colorPalette="brand"
        size="sm"
        justifyContent="space-between"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((v) => !v)}
      >
        {expert.expertField || t('experts.directory.generalField')}
        <chakra.span aria-hidden="true" transform={expanded ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
          ▾
        </chakra.span>
      </Button>
      <Box id={panelId} hidden={!expanded} mt="3" fontSize="sm">
        <ContactLines expert={expert} />
        {expert.comments ? (
          <Text mt="2" whiteSpace="pre-line">
            {expert.comments}
          </Text>
        ) : null}
      </Box>

      <Box flex="1" />
      <Button type="button" mt="4" colorPalette="brand" onClick={onContact}>
        {t('experts.directory.getInTouch')}
      </Button>
    </chakra.article>
  )
}

function ContactLines({ expert }: { expert: PublicExpert }) {
  const t = useT()
  return (
    <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
      <chakra.dt fontWeight="semibold">{t('experts.directory.phone')}</chakra.dt>
      <chakra.dd m="0">
        <Link href={telHref(expert.contactNumber)} variant="underline" colorPalette="brand">
          {expert.contactNumber}
        </Link>
      </chakra.dd>
      <chakra.dt fontWeight="semibold">{t('experts.directory.email')}</chakra.dt>
      <chakra.dd m="0" minW="0" overflowWrap="anywhere">
        <Link href={`mailto:${expert.email}`} variant="underline" colorPalette="brand">
          {expert.email}
        </Link>
      </chakra.dd>
    </chakra.dl>
  )
}

function ContactDetails({ expert }: { expert: PublicExpert }) {
  const t = useT()
  return (
    <>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <ButtonLink colorPalette="brand" flex="1">
          <a href={telHref(expert.contactNumber)}>{t('experts.directory.call', { number: expert.contactNumber })}</a>
        </ButtonLink>
        <ButtonLink variant="outline" colorPalette="brand" flex="1">
          <a href={`mailto:${expert.email}`}>{t('experts.directory.email')}</a>
        </ButtonLink>
      </Flex>
      <Text mt="2" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {expert.email}
      </Text>
      {expert.comments ? (
        <Box mt="4">
          <Heading as="h3" size="sm">
            {t('experts.directory.background')}
          </Heading>
          <Text mt="1" whiteSpace="pre-line">
            {expert.comments}
          </Text>
        </Box>
      ) : null}
      <Box mt="5" bg="brand.50" color="brand.900" borderRadius="md" px="4" py="3" fontSize="sm">
        {t('experts.directory.freeNote', { productName })}
      </Box>
    </>
  )
}

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`

function ExpertSkeletons() {
  const t = useT()
  return (
    <Box role="status" aria-live="polite">
      <chakra.span srOnly>{t('experts.directory.loading')}</chakra.span>
      <SimpleGrid aria-hidden="true" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Box
            key={i}
            data-testid="expert-skeleton"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="xl"
            p="5"
            css={{ animation: `${pulse} 1.5s ease-in-out infinite`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
          >
            <Flex gap="4" align="center">
              <Box boxSize="16" borderRadius="full" bg="gray.200" />
              <Box flex="1">
                <Box h="4" w="70%" bg="gray.200" borderRadius="sm" />
                <Box h="3" w="50%" mt="2" bg="gray.100" borderRadius="sm" />
              </Box>
            </Flex>
            <Box h="8" mt="4" bg="gray.100" borderRadius="md" />
            <Box h="10" mt="4" bg="gray.200" borderRadius="md" />
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  )
}
