import { Link, useSearchParams } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { HOME_WAY, PageState } from '@/ui/state-view.tsx';
import { preloadPdfEngine } from '../components/pdf-preload.ts';
import { PdfViewer } from '../components/pdf-viewer.tsx';
import { sameOriginPdfUrl } from '../lib/pdf-url.ts';
import '../ebooks.css';

// pdf.js starts loading with this page's code (see the e-book reader).
void preloadPdfEngine().catch(() => {});

/**
 * `/pdf?url=`: any PDF of this site in the reader (notices, guides). Only addresses on the
 * site's own origin open; anything else is refused before a byte is fetched.
 */
export function PdfPage() {
  const [params] = useSearchParams();
  const url = sameOriginPdfUrl(params.get('url'), window.location.origin);

  return (
    <>
      <PageHeader />
      {url === null ? (
        <PageState
          kind="error"
          title="只能打开本站的文档"
          description="这个链接不是本站的文档地址，为了您的安全，这里不会打开它。"
          way={HOME_WAY}
        />
      ) : (
        <main className="pdf-main">
          <PdfViewer
            key={url}
            url={url}
            errorActions={
              <Link className="link-button" to={paths.home}>
                回到首页
              </Link>
            }
          />
        </main>
      )}
    </>
  );
}
