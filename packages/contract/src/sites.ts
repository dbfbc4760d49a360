import { z } from 'zod';

/** A site variant of the portal (spec section 1). */
export const siteSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** '' for `jingan`, `/<key>` for any other variant. */
  prefix: z.string(),
  /** The site's brand colour, `#rrggbb`. */
  themeColor: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** Runtime configuration the server injects into `index.html` as `#portal-config`. */
export const portalConfigSchema = z.object({
  siteKey: z.string(),
  siteName: z.string(),
  themeColor: z.string(),
  ssoLoginUrl: z.string(),
  portalUrl: z.string().nullable(),
  mapTileUrl: z.string().nullable(),
  /** The datum of the tiles at `mapTileUrl` (stored coordinates are WGS-84). */
  mapTileDatum: z.enum(['wgs84', 'gcj02']),
  /**
   * The entries home shows, in their order, as the site's staff arranged them (首页设置); null:
   * every entry in the default order (`HOME_ENTRY_KEYS`).
   */
  homeEntries: z.array(z.string()).nullable(),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
