import type { CertificateVerification } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { useDetail } from '@/platform/queries/detail.ts';
import { Fact, Facts } from '@/ui/facts.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LoadFailed, StateView } from '@/ui/state-view.tsx';
import { TextField } from '@/ui/text-field.tsx';
import { verifyQueryOptions } from '../api/achievements.ts';
import '../medals.css';

function Verified({ result }: { result: CertificateVerification }) {
  return (
    <Panel className="verify-result" label="验证结果">
      <p className="panel-title text-ok">证书真实有效</p>
      <Facts look="plain">
        <Fact label="持证人">{result.holder}</Fact>
        <Fact label={result.subjectType === 'course' ? '课程' : '班级'}>{result.title}</Fact>
        <Fact label="学时">{result.hours} 小时</Fact>
        <Fact label="结业日期">{formatDate(result.completedAt)}</Fact>
        <Fact label="颁发单位">{result.siteName}</Fact>
        <Fact label="验证码">
          <span className="verify-code">{result.code}</span>
        </Fact>
      </Facts>
    </Panel>
  );
}

function VerifyAnswer({ code }: { code: string }) {
  const detail = useDetail(code, verifyQueryOptions(code));
  switch (detail.status) {
    case 'ready':
      return <Verified result={detail.data} />;
    case 'missing':
      return (
        <StateView
          kind="missing"
          title="证书不存在"
          description="请核对验证码，注意区分字母和数字。"
        />
      );
    case 'failed':
      return <LoadFailed title="没有查到结果" onRetry={detail.retry} />;
    case 'loading':
      return <PageSkeleton />;
  }
}

/**
 * `/certVerify?code=` (public, beyond the spec's routes): anyone checks a certificate's
 * verification code and sees the certificate with the holder's name masked, or 证书不存在.
 */
export function CertVerifyPage() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() || null;
  const [typed, setTyped] = useState(code ?? '');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim().toUpperCase();
    if (next) setParams({ code: next });
  };
  return (
    <>
      <PageHeader />
      <main className="page-body medals">
        <form className="panel" onSubmit={handleSubmit}>
          <TextField
            label="证书验证码"
            className="verify-input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="输入证书上的验证码"
            after={
              <button type="submit" className="link-button primary">
                验证
              </button>
            }
          />
        </form>
        {code ? <VerifyAnswer key={code} code={code} /> : null}
      </main>
    </>
  );
}
