import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { listAllCategoryRows } from '../modules/courses/courses.queries.ts';
import { escapeHtml } from '../platform/html.ts';
import type { SeedFiles } from './files.ts';

/** Gradient pairs, one per category position (light to deep, white text stays readable). */
const PALETTES = [
  ['#4f8cff', '#1d4ed8'],
  ['#34c38f', '#0f766e'],
  ['#f59e0b', '#c2410c'],
  ['#ec6a8c', '#be185d'],
  ['#8b7cf6', '#5b21b6'],
  ['#22b8cf', '#0e7490'],
  ['#f07857', '#b91c1c'],
  ['#64748b', '#1e293b'],
  ['#5eb65e', '#3f6212'],
  ['#d68a4c', '#7c2d12'],
] as const;

/** Cover variants per category: the same colours, a different pattern. */
export const COVER_VARIANTS = 3;

/** URL path of a category cover (`n` is the category's position, from 1). */
export function coverPath(siteKey: string, n: number, variant: number): string {
  return `/files/covers/${coverFileName(siteKey, n, variant)}`;
}

function coverFileName(siteKey: string, n: number, variant: number): string {
  return `${siteKey}-category-${n}-${variant}.svg`;
}

function pattern(variant: number): string {
  if (variant === 1) {
    return [
      '<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".12"/>',
      '<circle cx="80" cy="330" r="110" fill="#fff" fill-opacity=".08"/>',
    ].join('');
  }
  if (variant === 2) {
    return [
      '<path d="M0 280 Q160 220 320 280 T640 280 V360 H0Z" fill="#fff" fill-opacity=".12"/>',
      '<path d="M0 310 Q160 260 320 310 T640 310 V360 H0Z" fill="#fff" fill-opacity=".1"/>',
    ].join('');
  }
  return [
    '<rect x="430" y="-60" width="260" height="260" rx="40" transform="rotate(20 560 70)" fill="#fff" fill-opacity=".12"/>',
    '<rect x="-40" y="250" width="180" height="180" rx="30" transform="rotate(-15 50 340)" fill="#fff" fill-opacity=".08"/>',
  ].join('');
}

/** What a {@link gradientCoverSvg} shows. */
export interface GradientCover {
  /** The gradient's light and deep colours. */
  colours: readonly [string, string];
  /** A top-to-bottom gradient instead of a diagonal one. */
  vertical?: boolean;
  /** SVG shapes drawn over the gradient. */
  pattern: string;
  title: string;
  titleSize: number;
  caption: string;
}

/** A 640x360 SVG cover: a gradient with shapes, a title in large text and a caption below. */
export function gradientCoverSvg(cover: GradientCover): string {
  const [from, to] = cover.colours;
  const font = `'Noto Sans CJK SC', 'PingFang SC', sans-serif`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${cover.vertical ? '0' : '1'}" y2="1">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    '<rect width="640" height="360" fill="url(#g)"/>',
    cover.pattern,
    `<text x="320" y="190" text-anchor="middle" dominant-baseline="middle" font-family="${font}" font-size="${cover.titleSize}" font-weight="700" fill="#fff" letter-spacing="4">${escapeHtml(cover.title)}</text>`,
    `<text x="320" y="262" text-anchor="middle" font-family="${font}" font-size="24" fill="#fff" fill-opacity=".85" letter-spacing="2">${escapeHtml(cover.caption)}</text>`,
    '</svg>',
  ].join('');
}

/** A category cover: a gradient in the category's colour with its name in large text. */
export function coverSvg(name: string, n: number, variant: number, siteName: string): string {
  return gradientCoverSvg({
    colours: PALETTES[(n - 1) % PALETTES.length] ?? PALETTES[0],
    vertical: variant === 2,
    pattern: pattern(variant),
    title: name,
    titleSize: name.length > 5 ? 64 : 80,
    caption: `${siteName} · 精品课程`,
  });
}

export interface CoverCategory {
  siteKey: string;
  siteName: string;
  /** Position of the category in its site, from 1. */
  n: number;
  name: string;
}

/**
 * Writes the covers of `categories` into the file store's `files/covers/`, every variant,
 * skipping files that exist; answers how many it wrote.
 */
export async function writeCovers(files: SeedFiles, categories: CoverCategory[]): Promise<number> {
  let written = 0;
  for (const category of categories) {
    for (let variant = 1; variant <= COVER_VARIANTS; variant += 1) {
      const key = `files/covers/${coverFileName(category.siteKey, category.n, variant)}`;
      const svg = () => coverSvg(category.name, category.n, variant, category.siteName);
      if (await files.writeNew(key, svg)) written += 1;
    }
  }
  return written;
}

/**
 * Writes the missing covers of every course category into the file store's `files/covers/`
 * (run at start-up, so a database seeded by `npm run seed` or shared by several instances gets its files).
 */
export async function writeCategoryCovers(db: Kysely<Database>, files: SeedFiles): Promise<number> {
  const rows = await listAllCategoryRows(db);
  return writeCovers(
    files,
    rows.map((row) => ({
      siteKey: row.site_key,
      siteName: row.site_name,
      n: row.sort,
      name: row.name,
    })),
  );
}
