// The screenshots the web app manifest lists, so Chrome shows its richer install dialog (with
// pictures of the app) instead of the small prompt. Plain data: vite.config.ts writes them into the
// manifest, scripts/make-screenshots.ts makes the files from the real app, e2e/install.spec.ts
// checks Chromium accepts them. Chrome's rules: 320–3840 px a side, the long side at most 2.3 times
// the short one, JPEG or PNG; "wide" for desktops, "narrow" for phones.

export interface InstallScreenshot {
  /** Under web/public/, checked in. */
  file: string
  /** The app page photographed, with the demo set. */
  path: string
  viewport: { width: number; height: number }
  deviceScaleFactor: number
  formFactor: 'narrow' | 'wide'
  label: string
}

export const installScreenshots: readonly InstallScreenshot[] = [
  {
    file: 'screenshots/phone-home.jpg',
    path: '/',
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2,
    formFactor: 'narrow',
    label: 'Find farmers by town and produce, on a phone',
  },
  {
    file: 'screenshots/desktop-browse.jpg',
    path: '/browse-farmers',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    formFactor: 'wide',
    label: 'Browse the farmer directory and call, WhatsApp or e-mail a farmer',
  },
]

/** The pixel size of a screenshot's file, as the manifest's `sizes` says it. */
export const screenshotSize = (shot: InstallScreenshot) =>
  `${shot.viewport.width * shot.deviceScaleFactor}x${shot.viewport.height * shot.deviceScaleFactor}`

/** The manifest's `screenshots` member. */
export const manifestScreenshots = installScreenshots.map((shot) => ({
  src: `/${shot.file}`,
  sizes: screenshotSize(shot),
  type: 'image/jpeg',
  form_factor: shot.formFactor,
  label: shot.label,
}))
