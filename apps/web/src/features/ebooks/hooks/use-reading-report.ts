import type { EbookDetail } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { ebookDetailQueryOptions } from '../api/get-ebook-detail.ts';
import { reportReading, reportReadingOnLeave } from '../api/report-reading.ts';
import { createReadingReporter, type ReadingReporter } from '../lib/reading-reporter.ts';

/**
 * Remembers on the server the page a learner reads (`POST /api/study/ebook-progress`): about a second
 * after the page in view changes, and at once when the reader is hidden, closed or left. The
 * cached book takes the page at once, so its detail page and a reopened reader show it.
 * Answers the callback for the viewer's page changes.
 */
export function useReadingReport(book: EbookDetail | undefined) {
  const client = useQueryClient();
  const reporter = useRef<ReadingReporter | null>(null);
  const bookId = book?.id;
  const saved = book?.myProgress?.page ?? null;
  const savedRef = useRef(saved);
  savedRef.current = saved;

  useEffect(() => {
    if (bookId === undefined) return;
    const remember = (page: number) => {
      client.setQueryData(ebookDetailQueryOptions(bookId).queryKey, (old) =>
        old
          ? {
              ...old,
              myProgress: {
                ebookId: bookId,
                page,
                pageCount: old.pageCount,
                percent: Math.min(100, Math.round((page / old.pageCount) * 100)),
                updatedAt: new Date().toISOString(),
              },
            }
          : old,
      );
    };
    const current = createReadingReporter({
      saved: savedRef.current,
      send: (page) => {
        remember(page);
        reportReading({ ebookId: bookId, page })
          .then(() => client.invalidateQueries({ queryKey: ['ebooks', 'reading'] }))
          .catch(() => {});
      },
      sendOnLeave: (page) => {
        remember(page);
        reportReadingOnLeave({ ebookId: bookId, page });
      },
    });
    reporter.current = current;
    const stopListening = listenPageLeave(() => current.flush(true));
    return () => {
      stopListening();
      // Leaving the reader inside the app: the page stays, so a normal call will do.
      current.flush(false);
      reporter.current = null;
    };
  }, [client, bookId]);

  return useCallback((page: number) => reporter.current?.update(page), []);
}
