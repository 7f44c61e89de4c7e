/**
 * Parts of the app whose words are kept out of each language's main catalog, so that choosing a
 * language downloads only what everyone reads (issue 39: ≤ 30 KB gzip). Each area's messages live in
 * web/locales/<lang>/messages-<area>.po and are fetched the first time one of its screens renders
 * in that language (./use-catalog-area.ts). `sources` are the files whose messages the area owns
 * (lingui.config.ts); `screens` are the paths that render them, for the bench and the README.
 * A source must render only inside those screens, or its words would show in English elsewhere.
 */
export const CATALOG_AREAS = {
  /** The Terms of Service and the Privacy Policy: long paragraphs few people read. */
  legal: { sources: ['web/routes/legal.tsx'], screens: ['/terms', '/privacy'] },
  /** What only runners see: their dashboard, deliveries, earnings and payout form. */
  runner: {
    sources: ['runner-dashboard', 'active-delivery', 'earnings', 'payouts-onboarding'].flatMap((screen) => [
      `web/routes/${screen}.tsx`,
      `web/routes/${screen}/**`,
    ]),
    screens: ['/runner', '/delivery/$id', '/earnings', '/payouts/onboarding'],
  },
} as const

export type CatalogArea = keyof typeof CATALOG_AREAS
