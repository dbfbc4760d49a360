import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { DeviceGate } from '@/platform/device-gate.tsx';
import { OUTBOX_SENT_EVENT } from '@/platform/outbox/outbox-count.ts';
import { setFailurePolicy } from '@/platform/request.ts';
import { PdfViewerSlot } from '@/ui/pdf-viewer-slot.ts';
import { playerChunk } from '@/ui/video-stage.tsx';
import { createFailurePolicy } from './failure-policy.ts';
import { queryClient } from './query-client.ts';
import { createRouter } from './router.tsx';

const router = createRouter();
// Set before the first call goes out (start-up starts calls before the first render).
setFailurePolicy(createFailurePolicy((path) => void router.navigate(path)));
// Writes kept offline were sent (issue 32): what the pages show is read again.
window.addEventListener(OUTBOX_SENT_EVENT, () => void queryClient.invalidateQueries());

/** The e-books' PDF reader for the pages of other features (a PDF lesson), its chunk on demand. */
const loadPdfViewer = playerChunk(() =>
  import('@/features/ebooks/components/pdf-viewer.tsx').then((module) => module.PdfViewer),
);

/** The app: the device gate (spec section 1), server state and the routes. */
export function App() {
  return (
    <DeviceGate>
      <QueryClientProvider client={queryClient}>
        <PdfViewerSlot value={loadPdfViewer}>
          <RouterProvider router={router} />
        </PdfViewerSlot>
      </QueryClientProvider>
    </DeviceGate>
  );
}
