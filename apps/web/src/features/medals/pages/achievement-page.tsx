import type { Certificate, Milestone } from '@portal/contract';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { formatDate } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { basePath } from '@/platform/site-config.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { downloadCertificate, useAchievements } from '../api/achievements.ts';
import { GroupTitle } from '../components/group-title.tsx';
import { Loaded } from '../components/loaded.tsx';
import '../medals.css';

function MilestoneItem({ milestone }: { milestone: Milestone }) {
  return (
    <Panel as="li" stack accent={milestone.reachedAt !== null}>
      <span className="achievement-title">{milestone.title}</span>
      <span className="achievement-note">{milestone.description}</span>
      {milestone.reachedAt ? (
        <span className="achievement-note reached">{formatDate(milestone.reachedAt)} 达成</span>
      ) : (
        <ProgressBar
          done={milestone.current}
          total={milestone.target}
          label={`${milestone.title}进度`}
          unit=""
          verb="已完成"
        />
      )}
    </Panel>
  );
}

/** The public page that checks a certificate's code (what a shared certificate links to). */
const verifyUrl = (code: string) =>
  `${window.location.origin}${basePath}${href('certVerify', { code })}`;

function CertificateItem({ certificate }: { certificate: Certificate }) {
  const [saving, setSaving] = useState(false);
  const handleDownload = async () => {
    setSaving(true);
    try {
      await downloadCertificate(certificate);
    } catch (error) {
      Toast.show({ content: error instanceof ApiError ? error.message : '网络异常' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Panel as="li" stack className="certificate">
      <span className="achievement-note">
        {certificate.subjectType === 'course' ? '课程' : '班级'}结业证书
      </span>
      <span className="achievement-title">{certificate.title}</span>
      <span className="achievement-note">
        学时 {certificate.hours} 小时 · {formatDate(certificate.completedAt)}
      </span>
      <span className="certificate-code">验证码 {certificate.code}</span>
      <ActionRow>
        <Button color="primary" size="middle" loading={saving} onClick={handleDownload}>
          下载证书
        </Button>
        <ShareButton
          title={`我完成了「${certificate.title}」的学习，获得结业证书`}
          url={verifyUrl(certificate.code)}
        />
      </ActionRow>
    </Panel>
  );
}

/** `/achievement`: milestones with their dates or progress, and a certificate per completion. */
export function AchievementPage() {
  const achievements = useAchievements();
  return (
    <>
      <PageHeader />
      <main className="page-body medals">
        <Loaded query={achievements} what="成就">
          {({ milestones, certificates }) => (
            <>
              <section className="achievement-group" aria-label="学习里程碑">
                <GroupTitle title="学习里程碑" />
                <ul className="card-list achievements">
                  {milestones.map((milestone) => (
                    <MilestoneItem key={milestone.key} milestone={milestone} />
                  ))}
                </ul>
              </section>
              <section className="achievement-group" aria-label="结业证书">
                <GroupTitle title="结业证书" count={certificates.length} />
                {certificates.length === 0 ? (
                  <StateView
                    kind="empty"
                    title="还没有结业证书"
                    description="学完一门课程的全部课时，或参加的班级结业后，就能获得证书。"
                    way={{ to: href('learning'), label: '继续学习' }}
                  />
                ) : (
                  <ul className="card-list achievements">
                    {certificates.map((certificate) => (
                      <CertificateItem key={certificate.id} certificate={certificate} />
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
        </Loaded>
      </main>
    </>
  );
}
