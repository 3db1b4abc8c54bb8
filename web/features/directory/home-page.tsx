// The home page is in the initial chunk: keep it light (no dialogs, no heavy Chakra parts).
// The search, filters, produce availability and city grid are wired by the directory issue.
import { Box, Button, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { useId, useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { mission, productName, useDocumentTitle } from '../../shared/site'
import { TextInput } from '../../shared/ui/text-input'

function FilterCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer" fontWeight="medium">
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        boxSize="5"
        accentColor="brand.800"
        cursor="pointer"
      />
      {label}
    </chakra.label>
  )
}

export function HomePage() {
  useDocumentTitle()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [delivery, setDelivery] = useState(false)
  const [bulk, setBulk] = useState(false)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault() // Searching is wired by the directory issue.
  }

  return (
    <>
      <Box as="section" aria-labelledby="home-hero" bg="brand.50" borderRadius="xl" px={{ base: '5', md: '10' }} py={{ base: '8', md: '14' }} textAlign="center">
        <Heading as="h1" id="home-hero" size={{ base: '4xl', md: '5xl' }} color="brand.900">
          {productName}
        </Heading>
        <Text mt="2" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold" color="brand.800">
          {mission}
        </Text>
        <Text mt="3" maxW="2xl" mx="auto" color="gray.700">
          Fiji&apos;s free farmer directory. Find local farmers by town and produce, then call or e-mail them directly —
          no fees, no commission.
        </Text>

        <chakra.form role="search" onSubmit={onSubmit} maxW="2xl" mx="auto" mt="6">
          <chakra.label htmlFor={searchId} srOnly>
            Search farmers or produce
          </chakra.label>
          <TextInput
            id={searchId}
            type="search"
            size="lg"
            bg="white"
            borderColor="gray.400"
            colorPalette="brand"
            placeholder="Search farmers or produce..."
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <Flex mt="3" gap="6" justify="center" wrap="wrap">
            <FilterCheckbox label="Delivery Available" checked={delivery} onChange={setDelivery} />
            <FilterCheckbox label="Bulk Available" checked={bulk} onChange={setBulk} />
          </Flex>
        </chakra.form>
      </Box>

      <Flex as="section" aria-labelledby="home-signup" mt="10" gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
        <Box>
          <Heading as="h2" id="home-signup" size="xl">
            Sign Up Your Farm
          </Heading>
          <Text mt="1" color="fg.muted">
            List your farm and produce so buyers can find and contact you.
          </Text>
        </Box>
        <Button asChild colorPalette="brand">
          <RouterLink to="/farmer-signup">Sign Up Your Farm</RouterLink>
        </Button>
      </Flex>

      <Box as="section" id="leave-review" aria-labelledby="home-review" mt="10" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6">
        <Heading as="h2" id="home-review" size="xl">
          Leave a Review
        </Heading>
        <Text mt="1" color="fg.muted">
          The review form is being built.
        </Text>
        <Link asChild mt="2" variant="underline" colorPalette="brand">
          <RouterLink to="/reviews">View All Reviews</RouterLink>
        </Link>
      </Box>
    </>
  )
}
