// About, How It Works, Terms of Use, Contact Us: one lazy chunk (spec 000 §2 "Static pages").
// Plain content with no data and no contract import, so the chunk stays a few kilobytes.
import { Box, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { joinLabel, mission, productName, socialMediaUrl, useDocumentTitle } from '../../shared/site'
import { ButtonLink } from '../../shared/ui/button-link'

/** The support address (clarifications, E-mail: support@ the product's domain). */
const supportEmail = 'support@vitifarmers.org.fj'
/** Spec 000 §2 and §9. */
const officeHours = '8:00 AM–10:00 PM Fiji Time, Monday to Sunday'

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
          <Box>
            <Heading as="h3" size="md">
              <chakra.span srOnly>Step {i + 1}: </chakra.span>
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
  return (
    <Page
      title={`About ${productName}`}
      lead={`${productName} is Fiji's free public directory of local farmers. ${mission}: we connect the people who grow Fiji's food with the people who buy it.`}
    >
      <Section title="Our Mission">
        <Text>
          Too much good produce never reaches a buyer, and too many buyers never meet the farmer down the road.{' '}
          {productName} puts every listed farm in one place, searchable by town, city and produce, so a restaurant in Suva,
          a market vendor in Labasa or a family in Nadi can find a grower and call them the same day.
        </Text>
        <Text>
          <chakra.strong>Connect</chakra.strong> buyers and farmers directly. Help buyers <chakra.strong>Buy</chakra.strong> fresh,
          local food. <chakra.strong>Improve</chakra.strong> the livelihoods of farming families in villages and settlements across
          Fiji.
        </Text>
      </Section>

      <Section title="For Buyers">
        <Bullets
          items={[
            'Find farmers near you by town or city, or search for the produce you need.',
            'See at a glance who offers delivery and who sells in bulk.',
            'Call or e-mail farmers directly from their listing: no account, no forms, no waiting.',
            'Buy fresher produce and know exactly who grew it.',
            'Pay nothing to use the directory, ever.',
          ]}
        />
      </Section>

      <Section title="For Farmers">
        <Bullets
          items={[
            'Reach households, restaurants, hotels, market vendors and exporters across Fiji.',
            'Show your produce, your village and the towns you serve in one simple listing.',
            'Keep the whole sale: buyers contact you directly and you set your own prices.',
            'Sign up yourself online, or ask one of our data agents to sign you up in your village.',
            'Get a verified listing, checked by our team, that buyers can trust.',
          ]}
        />
      </Section>

      <Section title="Handshake Only">
        <Text>
          {productName} is a handshake-only marketplace. We introduce buyers and farmers; every deal is agreed between the two
          of you. We set no prices, handle no payments between buyer and farmer, arrange no deliveries and take no commission.
        </Text>
      </Section>

      <Section title="Free for Buyers, Always">
        <Text>
          {productName} is a free, non-profit platform. Browsing and contacting farmers costs buyers nothing. Farmers pay only a
          small daily listing fee to the platform, by M-PAiSA, which keeps the directory running. We take no commission on any
          sale.
        </Text>
      </Section>

      <Box>
        <ButtonLink colorPalette="brand" size="lg">
          <RouterLink to="/">Start Browsing Farmers</RouterLink>
        </ButtonLink>
      </Box>
    </Page>
  )
}

export function HowItWorksPage() {
  return (
    <Page title="How It Works" lead="Whether you grow it or buy it, getting started on Viti Farmers takes a few minutes.">
      <Section title="For Farmers">
        <Steps
          steps={[
            {
              title: "Join the Growers' Network",
              body: (
                <>
                  Tap{' '}
                  <Link asChild {...inlineLink}>
                    <RouterLink to="/farmer-signup">{joinLabel}</RouterLink>
                  </Link>{' '}
                  and fill in the short signup form, or ask a {productName} data agent to sign you up when they visit your village.
                </>
              ),
            },
            {
              title: 'Share your farm details',
              body: 'Tell us your name, phone number, village, the towns and cities you sell to and up to five things you grow. Please give a valid e-mail address: your approval notice is sent there.',
            },
            {
              title: 'Go live once verified',
              body: 'Our team checks every application. Once it is approved, your farm appears in the directory for the subscription dates you chose, and buyers can call or e-mail you directly.',
            },
            {
              title: 'Support from our team',
              body: (
                <>
                  Need to change your listing, add produce or renew your subscription? Our team is here to help,{' '}
                  {officeHours}.{' '}
                  <Link asChild {...inlineLink}>
                    <RouterLink to="/contact-us">Contact us</RouterLink>
                  </Link>
                  .
                </>
              ),
            },
          ]}
        />
      </Section>

      <Section title="For Buyers">
        <Steps
          steps={[
            {
              title: 'Browse',
              body: 'Search for a farmer or produce, or choose your town or city. Tick Delivery Available or Bulk Available to narrow the list.',
            },
            {
              title: 'Connect',
              body: "Call or e-mail the farmer straight from their listing. There is no account to create and nothing to pay.",
            },
            {
              title: 'Order',
              body: 'Agree on what you need, the quantity, the price and how you will collect it or have it delivered, directly with the farmer.',
            },
            {
              title: 'Receive',
              body: 'Collect your produce or receive your delivery and pay the farmer as you agreed. Then leave a review to help other buyers.',
            },
          ]}
        />
        <Callout title="A note for buyers">
          Prices are set by each farmer. Please don&apos;t ask for discounts: fair prices keep local farms growing and fresh food on
          Fiji&apos;s tables.
        </Callout>
      </Section>

      <Flex gap="3" wrap="wrap">
        <ButtonLink colorPalette="brand">
          <RouterLink to="/browse-farmers">Browse Farmers</RouterLink>
        </ButtonLink>
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/farmer-signup">{joinLabel}</RouterLink>
        </ButtonLink>
      </Flex>
    </Page>
  )
}

export function TermsOfUsePage() {
  return (
    <Page
      title="Terms of Use"
      lead={`These terms apply to everyone who uses ${productName}: buyers, farmers, experts and our own staff. By using the site or listing a farm you agree to them.`}
    >
      <Section title="Permitted Use">
        <Text>
          {productName} is a directory for finding and contacting farmers and agriculture experts in Fiji. You may browse
          listings, contact farmers and experts about genuine farm produce and advice, leave honest reviews, and list a farm
          you own or are authorised to represent.
        </Text>
      </Section>

      <Section title="Prohibited Use">
        <Text>You must not use {productName} to list, offer, seek or promote:</Text>
        <Bullets
          items={[
            'illicit drugs or any controlled substance;',
            'goods prohibited or restricted under the rules of the Fiji Revenue and Customs Service or the Fiji Police Force, including protected species and anything that may not be sold or moved without a permit you do not hold;',
            'hate speech, harassment, threats or content that demeans anyone for their race, religion, ethnicity, gender or any other personal characteristic;',
            'fraudulent listings: false names, farms or produce that do not exist, other people\'s contact details, or misleading claims.',
          ]}
        />
        <Text>You must also not copy the directory in bulk, send spam to listed farmers or experts, or try to disrupt the service.</Text>
      </Section>

      <Section title="Conduct">
        <Text>
          Treat everyone you meet through {productName} with respect. Be honest about what you grow, what you need and what you
          can pay. Keep to what you agree, and tell the other person early if something changes. Reviews must describe your own
          real experience.
        </Text>
      </Section>

      <Section title="Platform Disclaimer">
        <Text>
          {productName} is a handshake-only directory. We do not take part in any sale: we set no prices, handle no payments
          between buyers and farmers, arrange no deliveries and take no commission. We check applications before they are
          listed, but we cannot guarantee the quality, quantity, safety or availability of any produce, or the conduct of any
          user. Every agreement is made between the buyer and the farmer, at their own risk.
        </Text>
      </Section>

      <Section title="Compliance">
        <Text>
          You are responsible for following the laws of Fiji that apply to what you grow, sell or buy, including biosecurity,
          food safety, labelling, tax and licensing rules. We cooperate with lawful requests from the Fiji authorities.
        </Text>
      </Section>

      <Section title="Changes">
        <Text>
          We may update these terms as the platform grows. The current version is always on this page, and continuing to use{' '}
          {productName} after a change means you accept the updated terms.
        </Text>
      </Section>

      <Section title="Right to Reject or Remove Listings">
        <Text>
          We may reject any application, and suspend or remove any listing, review or expert profile, at any time and without
          notice, if we believe it breaks these terms, is inaccurate, or puts buyers, farmers or the platform at risk.
        </Text>
      </Section>

      <Section title="Public Information">
        <Text>
          A listing is public. The name, phone number, e-mail address, website, village, tikina, towns served and produce you
          give us may be shown to anyone who visits {productName}, so that buyers can contact you. Only share details you are
          happy to make public. Payment details you give us (such as an M-PAiSA receipt) are used by our team only and are never
          shown publicly.
        </Text>
      </Section>

      <Text color="fg.muted">
        Questions about these terms? E-mail{' '}
        <Link href={`mailto:${supportEmail}`} {...inlineLink}>
          {supportEmail}
        </Link>
        .
      </Text>
    </Page>
  )
}

export function ContactUsPage() {
  return (
    <Page title="Contact Us" lead={`We're here to help farmers, buyers and experts get the most out of ${productName}.`}>
      <Flex gap="5" direction={{ base: 'column', md: 'row' }}>
        <Box as="section" aria-labelledby="contact-email" flex="1" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
          <Heading as="h2" id="contact-email" size="lg" color="brand.900">
            Email Support
          </Heading>
          <Text mt="2">Questions about a listing, your signup, or the directory? Write to us:</Text>
          <Link href={`mailto:${supportEmail}`} mt="3" fontSize="lg" fontWeight="semibold" {...inlineLink} overflowWrap="anywhere">
            {supportEmail}
          </Link>
          <Text mt="3" fontSize="sm" color="fg.muted">
            Farmers: please include your farm name and phone number so we can find your listing quickly.
          </Text>
        </Box>
        <Box as="section" aria-labelledby="contact-hours" flex="1" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
          <Heading as="h2" id="contact-hours" size="lg" color="brand.900">
            Office Hours
          </Heading>
          <Text mt="2" fontSize="lg" fontWeight="semibold">
            {officeHours}
          </Text>
          <Text mt="3" fontSize="sm" color="fg.muted">
            We reply to messages received outside these hours on the next working morning.
          </Text>
        </Box>
      </Flex>

      <Section title="Follow Us">
        <Text>
          News, farmer stories and market tips on{' '}
          <Link href={socialMediaUrl} target="_blank" rel="noopener noreferrer" {...inlineLink}>
            {productName} on Facebook
            <chakra.span srOnly> (opens in a new tab)</chakra.span>
          </Link>
          .
        </Text>
      </Section>

      <Section title="Looking for Farming Advice?">
        <Text>
          Our directory of subject matter experts lists agronomists, vets and extension officers you can contact directly,
          free of charge.{' '}
          <Link asChild {...inlineLink}>
            <RouterLink to="/experts">Talk to an expert</RouterLink>
          </Link>
          .
        </Text>
      </Section>
    </Page>
  )
}
