import { Component, type ReactNode } from 'react';
import { loadChunk } from '@/platform/chunk-load.ts';
import './video-player.css';

/**
 * A loader of a player's chunk (and, inside it, hls.js on demand): loaded only when a video is
 * shown, once, with the chunk time-out; a failed load is forgotten so a retry loads it again.
 */
export function playerChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    if (!loaded) {
      const loading = loadChunk(load);
      loaded = loading;
      loading.catch(() => {
        if (loaded === loading) loaded = null;
      });
    }
    return loaded;
  };
}

/** A 16:9 box the size of the player, for what stands in its place (busy: a shimmer). */
export function VideoStageBox({
  children,
  busy = false,
}: {
  children?: ReactNode;
  busy?: boolean;
}) {
  if (busy) {
    return <div className="video-stage-box" role="status" aria-busy="true" aria-label="加载中" />;
  }
  return <div className="video-stage-box">{children}</div>;
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** Keeps the page when the player's chunk cannot be loaded (an optional widget). */
export class PlayerBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <VideoStageBox>
        <p>播放器没有加载出来，请检查网络后重试。</p>
        <button type="button" className="link-button primary" onClick={this.props.onRetry}>
          重试
        </button>
      </VideoStageBox>
    );
  }
}
