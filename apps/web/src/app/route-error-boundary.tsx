import { Button } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '@/platform/chunk-load.ts';
import { paths } from '@/platform/paths.ts';
import { basePath } from '@/platform/site-config.ts';
import { StateView } from '@/ui/state-view.tsx';

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
    const chunk = error instanceof ChunkLoadError;
    return (
      <main className="page-center">
        <StateView
          kind={chunk ? 'offline' : 'error'}
          title={chunk ? error.message : '页面出错了'}
          description={
            chunk ? '网络不太顺畅，请检查网络后重试。' : '请重试，或先回到首页看看其他内容。'
          }
        >
          <Button color="primary" size="large" onClick={this.handleRetry}>
            重试
          </Button>
          <a className="link-button" href={`${basePath}${paths.home}`}>
            回到首页
          </a>
        </StateView>
      </main>
    );
  }
}
