/** The topic a page shows when the address names none: 2024 家庭教育. */
export const DEFAULT_TOPIC_SLUG = '2024/jtjy';

const SLUG = /^\d{4}\/[a-z0-9-]{1,40}$/;

/** True for a topic slug the server accepts (`<year>/<name>`, e.g. `2024/jtjy`). */
export function isTopicSlug(value: string): boolean {
  return SLUG.test(value);
}

/**
 * The slug of the topic page at `pathname`: `/zhuanti/2024/jtjy` is `2024/jtjy`. Topics are
 * data, so any `/zhuanti/<year>/<name>` page reads its own; null for any other address.
 */
export function topicSlugOf(pathname: string): string | null {
  const match = /^\/zhuanti\/(\d{4})\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
  const slug = `${match[1]}/${name}`;
  return isTopicSlug(slug) ? slug : null;
}

/** The topic of the book list (`/zhuanti/2024/moreBook?topic=2024/jtjy`): the default if none. */
export function topicParam(value: string | null): string | null {
  if (value === null || value.trim() === '') return DEFAULT_TOPIC_SLUG;
  const slug = value.trim();
  return isTopicSlug(slug) ? slug : null;
}
