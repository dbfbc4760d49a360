import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { withMigratedDatabase } from '../../db/configured.ts';
import { AppError } from '../../platform/errors.ts';
import { ArticleService } from './articles.service.ts';

/*
 * npm run import:articles -- --site jingan --file articles.json
 *
 * Stores the articles of a JSON file (an array) in the site's channels, named by channel name:
 * [{ "channel": "社区动态", "title": "…", "bodyHtml": "<p>…</p>", "source": "…", "summary": "…",
 *    "cover": "/files/…", "pinned": false, "published": true, "publishedAt": "2026-11-26T09:00:00+08:00",
 *    "notify": true }]
 * Bodies are sanitized as every stored article is; all are stored, or none when one is refused.
 * `notify` sends the article to every learner of the site as a notice in 我的消息.
 */
const importFileSchema = z.array(
  z.object({
    channel: z.string(),
    title: z.string(),
    summary: z.string().optional(),
    cover: z.string().nullable().optional(),
    source: z.string().default(''),
    bodyHtml: z.string(),
    pinned: z.boolean().optional(),
    published: z.boolean().optional(),
    notify: z.boolean().optional(),
    publishedAt: z.iso.datetime({ offset: true }).optional(),
  }),
);

const { values } = parseArgs({
  options: { site: { type: 'string', default: 'jingan' }, file: { type: 'string' } },
});
if (!values.file) {
  console.error('用法：npm run import:articles -- --site jingan --file 文章.json');
  process.exit(2);
}
const parsed = importFileSchema.safeParse(JSON.parse(fs.readFileSync(values.file, 'utf8')));
if (!parsed.success) {
  console.error(
    `导入文件格式不对：${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
  );
  process.exit(1);
}
await withMigratedDatabase(async (database) => {
  try {
    const ids = await new ArticleService(database.db).importArticles(
      values.site,
      parsed.data.map(({ publishedAt, ...article }) => ({
        ...article,
        publishedAt: publishedAt ? Date.parse(publishedAt) : Date.now(),
      })),
    );
    console.log(`已导入 ${ids.length} 篇文章：${ids[0]}–${ids.at(-1)}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(`未导入：${error.message}`);
    process.exitCode = 1;
  }
});
