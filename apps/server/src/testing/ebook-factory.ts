import type { Kysely } from 'kysely';
import type { Database, NewEbookRow } from '../db/schema.ts';
import { insertEbookCategories, insertEbooks } from '../modules/ebooks/ebooks.queries.ts';

/** Inserts an e-book category; answers its id. */
export async function createEbookCategory(
  db: Kysely<Database>,
  overrides: { siteKey?: string; name?: string; sort?: number } = {},
): Promise<number> {
  const [id] = await insertEbookCategories(db, [
    {
      site_key: overrides.siteKey ?? 'jingan',
      name: overrides.name ?? '测试分类',
      sort: overrides.sort ?? 1,
    },
  ]);
  return id as number;
}

export interface EbookOverrides extends Partial<Omit<NewEbookRow, 'category_id'>> {
  /** A category of the book's site; one is created when missing. */
  category_id?: number;
}

/** Inserts a published e-book of `jingan` (by default) with 20 pages; answers its id. */
export async function createEbook(
  db: Kysely<Database>,
  overrides: EbookOverrides = {},
): Promise<number> {
  const siteKey = overrides.site_key ?? 'jingan';
  const categoryId = overrides.category_id ?? (await createEbookCategory(db, { siteKey }));
  const [id] = await insertEbooks(db, [
    {
      title: '测试电子书',
      author: '张三',
      publisher: '测试出版社',
      published_year: 2024,
      isbn: '978-7-5000-00000-0',
      introduction: '测试电子书简介',
      page_count: 20,
      cover: '/files/covers/test-ebook.svg',
      pdf_path: '/files/ebooks/test.pdf',
      file_size: 1024,
      published: 1,
      created_at: Date.now(),
      ...overrides,
      site_key: siteKey,
      category_id: categoryId,
    },
  ]);
  return id as number;
}
