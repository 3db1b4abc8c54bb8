// The header's logo, drawn inline: an <img> of /favicon.svg made Chromium fetch it and build an SVG
// document on the main thread before the first paint of every page (decision 029, "Later: the
// images before the first paint"). The same drawing as web/public/favicon.svg, which stays the icon.
export function Logo() {
  return (
    <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#166534" />
      <g fill="#fff">
        <path d="M31 36C19.5 36 13 28.5 13 18C24.5 18 31 25.5 31 36Z" />
        <path d="M33 30C33 18.5 39.5 11 51 11C51 22.5 44.5 30 33 30Z" />
      </g>
      <path d="M32 52V30M21 52H43" stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none" />
    </svg>
  )
}
