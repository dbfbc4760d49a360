import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '@/platform/request.ts';

/**
 * An uploaded attachment as a blob. It is served only to its owner, so it is fetched through the
 * request layer (which adds the bearer token header) instead of a link: a token never goes in a
 * URL. The path is the server's (`/uploads/...`), outside the `/api` base path.
 */
export function getAttachment(url: string, signal?: AbortSignal): Promise<Blob> {
  return http.get(url, { prefixUrl: '', signal }).blob();
}

/**
 * The attachment as an object URL for an `<img>` or a download link, revoked when the component
 * lets go of it; `null` while it loads or when it failed (see `status`).
 */
export function useAttachmentUrl(url: string) {
  const blob = useQuery({
    queryKey: ['activities', 'attachment', url],
    queryFn: ({ signal }) => getAttachment(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  // Made and revoked in one effect, so a hidden (kept-alive) or re-mounted page makes a new one.
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setObjectUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setObjectUrl(null);
    };
  }, [blob.data]);
  return { objectUrl, status: blob.status };
}
