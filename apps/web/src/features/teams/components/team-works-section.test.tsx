import type { TeamWorkSummary } from '@portal/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, ok, renderWithClient } from '@/testing/fake-network.tsx';
import type { TeamSectionProps } from './team-section-props.ts';
import { TeamWorksSection } from './team-works-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const work: TeamWorkSummary = {
  id: 9,
  teamId: 3,
  author: { id: 1, nickname: '王秀兰', avatar: null },
  text: '今天练的书法',
  images: [
    {
      url: '/files/team-works/a.webp',
      thumbUrl: '/files/team-works/b.webp',
      width: 800,
      height: 600,
    },
  ],
  featured: true,
  likeCount: 12,
  commentCount: 3,
  liked: false,
  createdAt: Date.UTC(2026, 10, 20, 2),
};

// The team page's props (`role` is the viewer's place in the team, not an ARIA role).
const member: TeamSectionProps = { teamId: 3, role: 'member' };
const visitor: TeamSectionProps = { teamId: 3, role: null };

const page = (list: TeamWorkSummary[], total = list.length) =>
  ok({ list, total, page: 1, size: 5 });

describe('TeamWorksSection', () => {
  it('lists the team’s works with a link to each, and offers 发布作品 to a member', async () => {
    const seen = fakeNetwork(page([work], 7));
    renderWithClient(<TeamWorksSection {...member} />);
    const link = await screen.findByRole('link', { name: '王秀兰的作品：今天练的书法' });
    expect(link.getAttribute('href')).toBe('/groupWorkDetail?id=9');
    expect(screen.getByRole('heading', { name: '团队作品（7）' })).toBeTruthy();
    expect(screen.getByText('精选')).toBeTruthy();
    expect(screen.getByText('点赞 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: '发布作品' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看更多作品' })).toBeTruthy();
    expect(seen[0]?.path).toBe('/team-works');
  });

  it('shows a visitor the empty state and no 发布作品', async () => {
    fakeNetwork(page([]));
    renderWithClient(<TeamWorksSection {...visitor} />);
    await screen.findByRole('heading', { name: '还没有作品' });
    expect(screen.queryByRole('button', { name: '发布作品' })).toBeNull();
  });
});
