import { Button } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '@/platform/chunk-load.ts';
import { useOfflineState } from '@/platform/offline-state.ts';
import { paths } from '@/platform/paths.ts';
import { basePath } from '@/platform/site-config.ts';
import { StateView } from '@/ui/state-view.tsx';

/**
 * What a failed page says: a page whose code did not load says the network is not getting
 * through, or, offline (issue 32), that it was never opened on this phone; any other failure
 * says the page went wrong.
 */
function RouteFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { offline } = useOfflineState();
  const chunk = error instanceof ChunkLoadError;
  const title = !chunk ? '页面出错了' : offline ? '网络未连接' : error.message;
  const description = !chunk
    ? '请重试，或先回到首页看看其他内容。'
    : offline
      ? '这个页面还没有在这台手机上打开过，连上网络后再看。'
      : '网络不太顺畅，请检查网络后重试。';
  return (
    <main className="page-center">
      <StateView kind={chunk ? 'offline' : 'error'} title={title} description={description}>
        <Button color="primary" size="large" onClick={onRetry}>
          重试
        </Button>
        <a className="link-button" href={`${basePath}${paths.home}`}>
          回到首页
        </a>
      </StateView>
    </main>
  );
}

interface Props {
  children: ReactNode;
  /** Called before the boundary tries its children again (e.g. to forget a failed chunk). */
  onRetry?: () => void;
}

/**
 * Each route's error boundary: a page that fails to load or throws shows a designed error state
 * with a retry, and the rest of the app (tab bar, other kept pages) goes on working.
 */
export class RouteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  handleRetry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RouteFailure error={error} onRetry={this.handleRetry} />;
  }
}
