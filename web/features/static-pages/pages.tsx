// About, How It Works, Terms of Use, Contact Us: one lazy chunk (spec 000 §2 "Static pages").
// Plain content with no data and no contract import, so the chunk stays a few kilobytes. The words are
// the catalogs' area `static`, its own part (scripts/i18n-catalogs.ts), which the router fetches with
// this chunk only: the prose never weighs on the home page or on any other screen.
import { Box, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { Fragment, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { piecesAround } from '../../i18n/messages'
import { useT } from '../../i18n/runtime'
import { productName, socialMediaUrl, useDocumentTitle } from '../../shared/site'
import { ButtonLink } from '../../shared/ui/button-link'

/** The support address (clarifications, E-mail: support@ the product's domain). */
const supportEmail = 'support@vitifarmers.org.fj'

type T = ReturnType<typeof useT>

/** A message with elements (links, bold words) where the language's grammar puts its placeholders. */
function Rich({ t, id, elements }: { t: T; id: string; elements: Record<string, ReactNode> }) {
  return (
    <>
      {piecesAround(t, id, elements, { productName }).map((piece, i) => (
        <Fragment key={i}>{piece}</Fragment>
      ))}
    </>
  )
}

function Page({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <Box maxW="3xl" mx="auto">
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }} color="brand.900">
        {title}
      </Heading>
      {lead ? (
        <Text mt="3" fontSize={{ base: 'lg', md: 'xl' }} color="gray.700">
          {lead}
        </Text>
      ) : null}
      <Flex direction="column" gap="8" mt="8">
        {children}
      </Flex>
    </Box>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" size="xl" color="brand.900" mb="3">
        {title}
      </Heading>
      <Flex direction="column" gap="3" lineHeight="tall">
        {children}
      </Flex>
    </Box>
  )
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <chakra.ul ps="6" listStyleType="disc" display="flex" flexDirection="column" gap="2" lineHeight="tall">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </chakra.ul>
  )
}

function Steps({ steps }: { steps: { title: string; body: ReactNode }[] }) {
  const t = useT()
  return (
    <chakra.ol listStyle="none" p="0" m="0" display="flex" flexDirection="column" gap="4">
      {steps.map((step, i) => (
        <Flex as="li" key={step.title} gap="4" align="flex-start">
          <Flex
            aria-hidden="true"
            boxSize="9"
            flexShrink="0"
            borderRadius="full"
            bg="brand.800"
            color="white"
            fontWeight="bold"
            align="center"
            justify="center"
          >
            {i + 1}
          </Flex>
          <Box minW="0">
            <Heading as="h3" size="md">
              <chakra.span srOnly>{t('static.how.step', { number: i + 1 })} </chakra.span>
              {step.title}
            </Heading>
            <Text mt="1" lineHeight="tall">
              {step.body}
            </Text>
          </Box>
        </Flex>
      ))}
    </chakra.ol>
  )
}

function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box bg="brand.50" borderStartWidth="4px" borderColor="brand.800" borderRadius="md" px="5" py="4" color="brand.900">
      <Text fontWeight="bold">{title}</Text>
      <Text mt="1" lineHeight="tall">
        {children}
      </Text>
    </Box>
  )
}

const inlineLink = { variant: 'underline', colorPalette: 'brand' } as const

export function AboutPage() {
  const t = useT()
  const strong = (key: string) => <chakra.strong>{t(key)}</chakra.strong>
  return (
    <Page title={t('static.about.title', { productName })} lead={t('static.about.lead', { productName, mission: t('layout.mission') })}>
      <Section title={t('static.about.mission.title')}>
        <Text>{t('static.about.mission.body', { productName })}</Text>
        <Text>
          <Rich
            t={t}
            id="static.about.mission.verbs"
            elements={{ connect: strong('static.about.mission.connect'), buy: strong('static.about.mission.buy'), improve: strong('static.about.mission.improve') }}
          />
        </Text>
      </Section>

      <Section title={t('static.forBuyers')}>
        <Bullets items={['nearby', 'glance', 'direct', 'fresh', 'free'].map((name) => t(`static.about.buyers.${name}`))} />
      </Section>

      <Section title={t('static.forFarmers')}>
        <Bullets items={['reach', 'show', 'keep', 'signup', 'verified'].map((name) => t(`static.about.farmers.${name}`))} />
      </Section>

      <Section title={t('static.about.handshake.title')}>
        <Text>{t('static.about.handshake.body', { productName })}</Text>
      </Section>

      <Section title={t('static.about.free.title')}>
        <Text>{t('static.about.free.body', { productName })}</Text>
      </Section>

      <Box>
        <ButtonLink colorPalette="brand" size="lg">
          <RouterLink to="/">{t('static.about.startBrowsing')}</RouterLink>
        </ButtonLink>
      </Box>
    </Page>
  )
}

export function HowItWorksPage() {
  const t = useT()
  const step = (name: string, body?: ReactNode) => ({ title: t(`static.how.${name}.title`), body: body ?? t(`static.how.${name}.body`) })
  return (
    <Page title={t('static.how.title')} lead={t('static.how.lead', { productName })}>
      <Section title={t('static.forFarmers')}>
        <Steps
          steps={[
            step(
              'farmers.join',
              <Rich
                t={t}
                id="static.how.farmers.join.body"
                elements={{
                  join: (
                    <Link asChild {...inlineLink}>
                      <RouterLink to="/farmer-signup">{t('layout.join')}</RouterLink>
                    </Link>
                  ),
                }}
              />,
            ),
            step('farmers.details'),
            step('farmers.live'),
            step(
              'farmers.support',
              <Rich
                t={t}
                id="static.how.farmers.support.body"
                elements={{
                  officeHours: t('static.officeHours'),
                  contactUs: (
                    <Link asChild {...inlineLink}>
                      <RouterLink to="/contact-us">{t('static.how.farmers.support.contactUs')}</RouterLink>
                    </Link>
                  ),
                }}
              />,
            ),
          ]}
        />
      </Section>

      <Section title={t('static.forBuyers')}>
        <Steps steps={['browse', 'connect', 'order', 'receive'].map((name) => step(`buyers.${name}`))} />
        <Callout title={t('static.how.buyers.note.title')}>{t('static.how.buyers.note.body')}</Callout>
      </Section>

      <Flex gap="3" wrap="wrap">
        <ButtonLink colorPalette="brand">
          <RouterLink to="/browse-farmers">{t('layout.nav.browseFarmers')}</RouterLink>
        </ButtonLink>
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/farmer-signup">{t('layout.join')}</RouterLink>
        </ButtonLink>
      </Flex>
    </Page>
  )
}

/** The Terms of Use's sections after Prohibited Use, in the spec's order. */
const termsSections = ['conduct', 'disclaimer', 'compliance', 'changes', 'reject', 'public'] as const

export function TermsOfUsePage() {
  const t = useT()
  return (
    <Page title={t('static.terms.title')} lead={t('static.terms.lead', { productName })}>
      <Section title={t('static.terms.permitted.title')}>
        <Text>{t('static.terms.permitted.body', { productName })}</Text>
      </Section>

      <Section title={t('static.terms.prohibited.title')}>
        <Text>{t('static.terms.prohibited.intro', { productName })}</Text>
        <Bullets items={['drugs', 'goods', 'hate', 'fraud'].map((name) => t(`static.terms.prohibited.${name}`))} />
        <Text>{t('static.terms.prohibited.also')}</Text>
      </Section>

      {termsSections.map((name) => (
        <Section key={name} title={t(`static.terms.${name}.title`)}>
          <Text>{t(`static.terms.${name}.body`, { productName })}</Text>
        </Section>
      ))}

      <Text color="fg.muted">
        <Rich
          t={t}
          id="static.terms.questions"
          elements={{
            email: (
              <Link href={`mailto:${supportEmail}`} {...inlineLink}>
                {supportEmail}
              </Link>
            ),
          }}
        />
      </Text>
    </Page>
  )
}

export function ContactUsPage() {
  const t = useT()
  return (
    <Page title={t('static.contact.title')} lead={t('static.contact.lead', { productName })}>
      <Flex gap="5" direction={{ base: 'column', md: 'row' }}>
        <Box as="section" aria-labelledby="contact-email" flex="1" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
          <Heading as="h2" id="contact-email" size="lg" color="brand.900">
            {t('static.contact.email.title')}
          </Heading>
          <Text mt="2">{t('static.contact.email.body')}</Text>
          <Link href={`mailto:${supportEmail}`} mt="3" fontSize="lg" fontWeight="semibold" {...inlineLink} overflowWrap="anywhere">
            {supportEmail}
          </Link>
          <Text mt="3" fontSize="sm" color="fg.muted">
            {t('static.contact.email.farmers')}
          </Text>
        </Box>
        <Box as="section" aria-labelledby="contact-hours" flex="1" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
          <Heading as="h2" id="contact-hours" size="lg" color="brand.900">
            {t('static.contact.hours.title')}
          </Heading>
          <Text mt="2" fontSize="lg" fontWeight="semibold">
            {t('static.officeHours')}
          </Text>
          <Text mt="3" fontSize="sm" color="fg.muted">
            {t('static.contact.hours.note')}
          </Text>
        </Box>
      </Flex>

      <Section title={t('static.contact.follow.title')}>
        <Text>
          <Rich
            t={t}
            id="static.contact.follow.body"
            elements={{
              facebook: (
                <Link href={socialMediaUrl} target="_blank" rel="noopener noreferrer" {...inlineLink}>
                  {t('static.contact.follow.link', { productName })}
                  <chakra.span srOnly> {t('layout.opensInNewTab')}</chakra.span>
                </Link>
              ),
            }}
          />
        </Text>
      </Section>

      <Section title={t('static.contact.advice.title')}>
        <Text>
          <Rich
            t={t}
            id="static.contact.advice.body"
            elements={{
              experts: (
                <Link asChild {...inlineLink}>
                  <RouterLink to="/experts">{t('static.contact.advice.link')}</RouterLink>
                </Link>
              ),
            }}
          />
        </Text>
      </Section>
    </Page>
  )
}
