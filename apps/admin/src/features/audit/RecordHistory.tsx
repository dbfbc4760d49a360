import { AUDIT_ACTION_NAMES, type AuditEntity } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Timeline } from 'antd';
import { Link } from 'react-router';
import { formatTime } from '@/ui/format.ts';
import { auditKeys, listAudit } from './api.ts';

/** The last changes of one record, from the audit log, beside its form. */
export function RecordHistory({ entity, entityId }: { entity: AuditEntity; entityId: number }) {
  const query = { entity, entityId, page: 1, size: 10 };
  const history = useQuery({ queryKey: auditKeys.list(query), queryFn: () => listAudit(query) });
  return (
    <Card
      title="操作记录"
      extra={<Link to={`/audit?entity=${entity}&entityId=${entityId}`}>全部</Link>}
    >
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <Alert type="error" showIcon title={history.error.message} />
      ) : history.data.list.length === 0 ? (
        <Empty description="还没有操作记录" />
      ) : (
        <Timeline
          items={history.data.list.map((entry) => ({
            key: entry.id,
            content: `${formatTime(entry.at)} ${entry.actorName} ${AUDIT_ACTION_NAMES[entry.action]}`,
          }))}
        />
      )}
    </Card>
  );
}
