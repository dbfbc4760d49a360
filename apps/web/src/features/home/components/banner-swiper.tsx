import type { Banner } from '@portal/contract';
import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { contentHref, topicHref } from '@/platform/content-links.ts';
import { href } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';

/** Swiper autoplay interval (spec section 9). */
export const BANNER_INTERVAL_MS = 3000;

/** The page a banner opens. */
function bannerHref(banner: Banner): string {
  switch (banner.link.kind) {
    case 'course':
    case 'class':
    case 'activity':
    case 'ebook':
    case 'live':
    case 'article':
      return contentHref(banner.link.kind, banner.link.id);
    case 'topic':
      return topicHref(banner.link.slug);
    case 'courseList':
      return href('courseList');
  }
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's banners: a swiper that advances every 3 seconds and wraps round from the last
 * slide to the first, with dots. Built on CSS scroll snapping (the browser does the swiping), as
 * antd-mobile's Swiper and its gesture library would take the first load over its budget.
 * Autoplay pauses while a finger is on it and while the tab is hidden. The slides hold only
 * images (each link is named by its banner); the current banner's title is written below on a
 * plain background, where it stays legible whatever the image.
 */
export function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touching = useRef(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => {
      const element = track.current;
      if (!element || touching.current || document.hidden || element.clientWidth === 0) return;
      const width = element.clientWidth;
      const next = (Math.round(element.scrollLeft / width) + 1) % count;
      element.scrollTo({ left: next * width, behavior: reducedMotion() ? 'auto' : 'smooth' });
    }, BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  const handleScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const shown = Math.round(element.scrollLeft / element.clientWidth);
    setIndex(Math.min(count - 1, Math.max(0, shown)));
  };

  const current = banners[index] ?? banners[0];
  if (!current) return null;
  return (
    <section className="home-banner" aria-label="精选推荐" aria-roledescription="轮播">
      <div className="home-banner-frame">
        <div
          ref={track}
          className="home-banner-track"
          onScroll={handleScroll}
          onPointerDown={() => {
            touching.current = true;
          }}
          onPointerUp={() => {
            touching.current = false;
          }}
          onPointerCancel={() => {
            touching.current = false;
          }}
        >
          {banners.map((banner, i) => (
            <Link
              key={banner.key}
              className="home-banner-slide"
              to={bannerHref(banner)}
              aria-label={`${banner.label}：${banner.title}`}
              aria-current={i === index ? 'true' : undefined}
              draggable={false}
            >
              <img
                className="detail-cover"
                {...pictureSources(banner.image, PICTURE_SIZES.wide)}
                src={banner.image}
                alt=""
                width={640}
                height={360}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
                draggable={false}
              />
            </Link>
          ))}
        </div>
        {count > 1 ? (
          <span className="home-banner-dots" aria-hidden="true">
            {banners.map((banner, i) => (
              <span key={banner.key} className={i === index ? 'dot active' : 'dot'} />
            ))}
          </span>
        ) : null}
      </div>
      {/* The slides' links carry the same words for screen readers. */}
      <p className="home-banner-caption" aria-hidden="true" data-index={index}>
        <Badge square>{current.label}</Badge>
        <span className="home-banner-title">{current.title}</span>
      </p>
    </section>
  );
}
