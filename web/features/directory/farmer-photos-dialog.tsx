// A farmer's farm photos at full size, opened from the photo on their card. The card and every
// list show the small thumbnail; the full photo (up to ~200 KB each on 3G) is fetched only here,
// when a buyer asks for it. A lazy chunk: see lazy-dialogs.ts.
import { chakra } from '@chakra-ui/react'
import { useState } from 'react'
import type { PublicFarmer } from '../../../api/contract'
import { displayPhotoPath, photoThumbnailPath } from '../../../api/contract/display'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { useT } from '../../i18n/runtime'


function FullPhoto({ photoUrl, alt }: { photoUrl: string; alt: string }) {
  const t = useT()
  const [isFailed, setFailed] = useState(false)
  return (
    <chakra.figure m="0">
      <chakra.img
        src={isFailed ? photoThumbnailPath(photoUrl) : displayPhotoPath(photoUrl)}
        alt={alt}
        onError={() => setFailed(true)}
        decoding="async"
        display="block"
        w="full"
        aspectRatio="4 / 3"
        objectFit="contain"
        borderRadius="lg"
        bg="gray.100"
      />
      {isFailed ? (
        <chakra.figcaption fontSize="sm" color="fg.muted" mt="1">
          {/* A full photo that cannot load (offline, weak signal) is shown small from the phone's cache. */}
          {t('directory.photos.shownSmall')}
        </chakra.figcaption>
      ) : null}
    </chakra.figure>
  )
}

export function FarmerPhotosDialog({ farmer, onClose }: { farmer: Pick<PublicFarmer, 'name' | 'photoUrls'>; onClose: () => void }) {
  const t = useT()
  const count = farmer.photoUrls.length
  return (
    <NativeDialog title={farmer.name} subtitle={t('directory.photos.count', { count })} onClose={onClose}>
      <chakra.div display="flex" flexDirection="column" gap="4">
        {farmer.photoUrls.map((photoUrl, index) => (
          <FullPhoto key={photoUrl} photoUrl={photoUrl} alt={t('directory.photos.alt', { number: index + 1, name: farmer.name })} />
        ))}
      </chakra.div>
    </NativeDialog>
  )
}
