import { type Site, sitePrefix } from '@portal/contract';
import type { HomeEntryKey } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { storedEntries } from '../home/home-entries.ts';
import { listSiteRows } from './sites.queries.ts';

/** How long the site list is trusted before it is read again (sites change rarely). */
const CACHE_MS = 30_000;

/**
 * Knows the sites and resolves which one a request is for. The list is cached briefly so
 * resolving the site costs no query per request, and several instances still agree within
 * {@link CACHE_MS} of a change.
 */
export class SiteDirectory {
  private cache: {
    at: number;
    sites: Map<string, Site>;
    homeEntries: Map<string, HomeEntryKey[] | null>;
  } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly defaultKey: string,
  ) {}

  async list(): Promise<Site[]> {
    return [...(await this.load()).values()];
  }

  async find(key: string): Promise<Site | undefined> {
    return (await this.load()).get(key);
  }

  /** The entries the site's home shows, in order (首页设置); null: all, in the default order. */
  async homeEntries(key: string): Promise<HomeEntryKey[] | null> {
    await this.load();
    return this.cache?.homeEntries.get(key) ?? null;
  }

  /** The site an API call names in `X-Site`, else the default; an unknown key is bad input. */
  async fromHeader(header: string | string[] | undefined): Promise<Site> {
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) return this.defaultSite();
    const site = await this.find(key);
    if (!site) throw invalid(`未知的站点：${key.slice(0, 32)}`);
    return site;
  }

  /** The site a page path belongs to: its first segment when that names a site, else the default. */
  async fromPath(pathname: string): Promise<Site> {
    const first = pathname.split('/')[1] ?? '';
    const site = first ? await this.find(first) : undefined;
    return site && site.prefix !== '' ? site : this.defaultSite();
  }

  async defaultSite(): Promise<Site> {
    const site = await this.find(this.defaultKey);
    if (!site) throw new Error(`DEFAULT_SITE "${this.defaultKey}" is not in the sites table`);
    return site;
  }

  /** Forgets the cached list, e.g. after the seed wrote sites. */
  invalidate(): void {
    this.cache = null;
  }

  private async load(): Promise<Map<string, Site>> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.sites;
    const rows = await listSiteRows(this.db);
    const sites = new Map(rows.map((row) => [row.key, toSite(row)]));
    const homeEntries = new Map(rows.map((row) => [row.key, storedEntries(row.home_entries)]));
    this.cache = { at: now, sites, homeEntries };
    return sites;
  }
}

function toSite(row: { key: string; name: string; theme_color: string }): Site {
  return {
    key: row.key,
    name: row.name,
    prefix: sitePrefix(row.key),
    themeColor: row.theme_color,
  };
}
