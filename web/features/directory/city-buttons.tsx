// The grid of city buttons (city name + farmer count). Each carries the tooltip 'Only locations
// with active listed farmers are shown' (700 ms open delay), also as its accessible description.
import { chakra } from '@chakra-ui/react'
import { Tooltip } from '../../shared/ui/tooltip'
import { farmerCountLabel } from './directory-logic'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

export interface CityCount {
  city: string
  farmerCount: number
}

export function CityButtons({
  cities,
  onSelect,
  onIntent,
  selected,
}: {
  cities: readonly CityCount[]
  onSelect: (city: string) => void
  /** Called on hover/focus, e.g. to start loading the dialog's code. */
  onIntent?: () => void
  selected?: string
}) {
  const t = useT()
  return (
    <chakra.ul
      listStyle="none"
      p="0"
      m="0"
      display="grid"
      gap="3"
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' }}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {cities.map(({ city, farmerCount }) => (
        <li key={city}>
          <Tooltip label={t(texts.locationsTooltip)}>
            {(describedBy) => (
              <chakra.button
                type="button"
                aria-describedby={describedBy}
                aria-pressed={selected === undefined ? undefined : selected === city}
                onClick={() => onSelect(city)}
                w="full"
                minH="16"
                px="3"
                py="2"
                display="flex"
                flexDirection="column"
                alignItems="flex-start"
                justifyContent="center"
                textAlign="start"
                borderWidth="1px"
                borderColor="gray.300"
                borderRadius="lg"
                bg="white"
                cursor="pointer"
                transition="background 0.15s"
                _hover={{ bg: 'brand.50', borderColor: 'brand.600' }}
                _pressed={{ bg: 'brand.100', borderColor: 'brand.800' }}
              >
                <chakra.span fontWeight="semibold" color="gray.900" overflowWrap="anywhere">
                  {city}
                </chakra.span>
                <chakra.span fontSize="sm" color="fg.muted">
                  {farmerCountLabel(farmerCount)}
                </chakra.span>
              </chakra.button>
            )}
          </Tooltip>
        </li>
      ))}
    </chakra.ul>
  )
}
