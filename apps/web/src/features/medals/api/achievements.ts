import type {
  Achievements,
  Certificate,
  CertificateVerification,
  Envelope,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { ApiError, http, NetworkError } from '@/platform/request.ts';

/** `GET /api/achievements`: milestones and certificates. */
export const achievementsQueryOptions = () =>
  getQueryOptions<Achievements>(
    ['medals', 'achievements'],
    '/achievements',
    {},
    {
      loginRequired: true,
    },
  );

export const useAchievements = () => useQuery(achievementsQueryOptions());

/** `GET /api/certificates/verify?code=` (public): what a verification code certifies. */
export const verifyQueryOptions = (code: string) =>
  detailQueryOptions<CertificateVerification>(['medals', 'verify', code], '/certificates/verify', {
    code,
  });

/**
 * `GET /api/certificates/file?id=`: the PDF, fetched with the bearer token in its header (a
 * token never goes in a URL) and saved from a blob. A refusal answers the envelope instead.
 */
export async function fetchCertificatePdf(id: number): Promise<Blob> {
  let response: Response;
  try {
    response = await http.get('certificates/file', {
      searchParams: { id },
      throwHttpErrors: false,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if ((response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    return response.blob();
  }
  const body = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!body || typeof body.code !== 'number') throw new NetworkError(new Error('not a PDF'));
  throw new ApiError(body.code, body.message, body.data);
}

/** Saves the certificate's PDF on the device (the browser's download). */
export async function downloadCertificate(certificate: Certificate): Promise<void> {
  const blob = await fetchCertificatePdf(certificate.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `结业证书-${certificate.title}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
