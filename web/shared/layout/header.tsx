import { Box, Button, Container, Flex, Link, Text, chakra } from '@chakra-ui/react'
import { Suspense, lazy, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react'
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom'
import { useT, withAllCatalogs } from '../../i18n/runtime'
import { useAfterIdle, useIsOnline, useOutboxInUse } from '../outbox'
import { navLinks, productName } from '../site'
import { ButtonLink } from '../ui/button-link'
import { LanguagePicker } from '../ui/language-picker'
import { Logo } from './logo'

// The unsent count needs IndexedDB (Dexie) and the engine: a chunk loaded once the page is idle,
// never part of the home page's initial JS.
// (Offline with an old cache the chunk may be missing: then the header simply goes without it.)
const OutboxHeaderStatus = lazy(() =>
  withAllCatalogs(() => import('../outbox/header-status'))().then(
    (module): { default: () => ReactNode } => ({ default: module.OutboxHeaderStatus }),
    () => ({ default: () => null }),
  ),
)

const mobileMenuId = 'mobile-menu'

/** Chakra's `xl` breakpoint, where the header shows its links in a row instead of the menu. */
const wideScreen = '(min-width: 80rem)'

function subscribeWideScreen(listener: () => void) {
  const query = window.matchMedia(wideScreen)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** True on a screen wide enough for the row of links: a phone's first render skips links it would hide. */
function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeWideScreen, () => window.matchMedia(wideScreen).matches, () => false)
}

function NavItems({ direction }: { direction: 'row' | 'column' }) {
  const t = useT()
  return (
    // In a row each link keeps its words on one line, and the row wraps between links: iTaukei's
    // longer labels split every link over two lines at 1366 px.
    <chakra.ul display="flex" flexDirection={direction} flexWrap={direction === 'row' ? 'wrap' : 'nowrap'} gap={direction === 'row' ? '1' : '0'} listStyle="none" m="0" p="0">
      {navLinks.map((item) => (
        <li key={item.to}>
          <Link
            asChild
            display="flex"
            px="2.5"
            py={direction === 'row' ? '2' : '3'}
            fontSize={direction === 'row' ? 'sm' : 'md'}
            whiteSpace={direction === 'row' ? 'nowrap' : undefined}
            fontWeight="medium"
            color="gray.800"
            borderRadius="md"
            colorPalette="brand"
            _hover={{ bg: 'brand.50', color: 'brand.800', textDecoration: 'none' }}
            _currentPage={{ color: 'brand.800', bg: 'brand.50', fontWeight: 'semibold' }}
          >
            <NavLink to={item.to} end={item.end}>
              {t(item.labelKey)}
            </NavLink>
          </Link>
        </li>
      ))}
    </chakra.ul>
  )
}

/** The unsent count, once the page is idle and only where the outbox is in use. Its own component:
 * the idle flag re-renders only it, never the whole header (a long task on a slow phone). */
function IdleOutboxStatus() {
  const idle = useAfterIdle()
  const outboxInUse = useOutboxInUse()
  return idle && outboxInUse ? (
    <Suspense fallback={null}>
      <OutboxHeaderStatus />
    </Suspense>
  ) : null
}

export function Header() {
  const { pathname } = useLocation()
  // The mobile menu is open for the path it was opened on, so navigating closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null)
  const menuOpen = openOnPath === pathname
  const setMenuOpen = (open: boolean) => setOpenOnPath(open ? pathname : null)
  const menuButton = useRef<HTMLButtonElement>(null)
  // Escape closes the open menu from its button as from its links, and focus stays on (or goes
  // back to) the button: a keyboard or screen-reader user is never left on a link that vanished.
  const closeMenuOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }
  const isOnline = useIsOnline()
  const wide = useWideScreen()
  const t = useT()

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
      <Container py="2">
        <Flex align="center" gap="3" wrap="wrap">
          {/* The box takes the row's free space on a phone; the link is only as wide as the logo and
              name, so a tap on empty header space goes nowhere. */}
          <Box flex={{ base: '1', xl: '0 0 auto' }}>
            <Link asChild gap="2" fontWeight="bold" fontSize="lg" color="brand.800" colorPalette="brand" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/">
                <Logo />
                {productName}
              </RouterLink>
            </Link>
          </Box>

          {wide ? (
            <Box as="nav" aria-label={t('layout.nav.label')} display={{ base: 'none', xl: 'block' }} flex="1">
              <NavItems direction="row" />
            </Box>
          ) : null}

          <ButtonLink
            colorPalette="brand"
            size="sm"
            order={{ base: 3, sm: 0 }}
            width={{ base: 'full', sm: 'auto' }}
          >
            <RouterLink to="/farmer-signup">{t('layout.join')}</RouterLink>
          </ButtonLink>

          <Button
            ref={menuButton}
            display={{ base: 'inline-flex', xl: 'none' }}
            variant="outline"
            size="sm"
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen(!menuOpen)}
            onKeyDown={closeMenuOnEscape}
          >
            {menuOpen ? t('layout.menu.close') : t('layout.menu.open')}
          </Button>
        </Flex>

        <Box
          as="nav"
          id={mobileMenuId}
          aria-label={t('layout.nav.label')}
          hidden={!menuOpen}
          display={{ xl: 'none' }}
          borderTopWidth="1px"
          borderColor="gray.200"
          mt="2"
          pt="1"
          onKeyDown={closeMenuOnEscape}
        >
          {/* Rendered when first opened: the phone's first paint skips a menu nobody has asked for.
              Right after the button that opens it: the next Tab reaches its links. */}
          {menuOpen ? <NavItems direction="column" /> : null}
        </Box>

        {/* The strip: offline, the unsent count (each only while it has something to say), and the
            language picker, always in reach for a farmer handed the phone. */}
        <Flex gap="2" justify="flex-end" align="center" wrap="wrap" mt="2">
          {!isOnline ? (
            <Text role="status" fontSize="sm" fontWeight="semibold" color="orange.900" bg="orange.50" borderWidth="1px" borderColor="orange.700" borderRadius="full" px="2.5" py="1">
              {t('layout.offline')}
            </Text>
          ) : null}
          <IdleOutboxStatus />
          <LanguagePicker />
        </Flex>
      </Container>
    </Box>
  )
}
