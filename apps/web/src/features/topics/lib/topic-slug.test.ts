import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_SLUG, topicParam, topicSlugOf } from './topic-slug.ts';

describe('topicSlugOf', () => {
  it('reads the slug from the topic page address', () => {
    expect(topicSlugOf('/zhuanti/2024/jtjy')).toBe('2024/jtjy');
    expect(topicSlugOf('/zhuanti/2025/lao-nian-xue-xi/')).toBe('2025/lao-nian-xue-xi');
  });

  it('answers null for other addresses and malformed slugs', () => {
    expect(topicSlugOf('/zhuanti/2024')).toBeNull();
    expect(topicSlugOf('/zhuanti/24/jtjy')).toBeNull();
    expect(topicSlugOf('/zhuanti/2024/JTJY')).toBeNull();
    expect(topicSlugOf('/zhuanti/2024/a/b')).toBeNull();
    expect(topicSlugOf('/zhuanti/2024/%E0%A4%A')).toBeNull();
    expect(topicSlugOf('/scourseList')).toBeNull();
  });
});

describe('topicParam', () => {
  it('defaults to 2024 家庭教育 and checks a given slug', () => {
    expect(topicParam(null)).toBe(DEFAULT_TOPIC_SLUG);
    expect(topicParam('  ')).toBe(DEFAULT_TOPIC_SLUG);
    expect(topicParam('2025/reading')).toBe('2025/reading');
    expect(topicParam('../etc')).toBeNull();
  });
});
