import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';
import { usePointsSummary, usePointsTasks } from '../api/points.ts';
import { PointsHead } from '../components/points-head.tsx';
import { TaskRow } from '../components/task-row.tsx';
import '@/ui/list-row.css';
import '../points.css';

function TaskList() {
  const tasks = usePointsTasks();
  if (tasks.isPending) return <PageSkeleton />;
  if (!tasks.data) {
    return <LoadFailed title="任务没有加载出来" onRetry={() => void tasks.refetch()} />;
  }
  return (
    <>
      <Panel title="今日任务">
        <ul className="list-rows">
          {tasks.data.tasks.map((task) => (
            <TaskRow key={task.key} task={task} />
          ))}
        </ul>
      </Panel>
      <p className="points-row-note">
        积分由系统根据真实的学习记录自动发放，每天 0 点（北京时间）重新计算。
      </p>
    </>
  );
}

/** `/pointsTask`: the balance and today's total, then today's tasks with their progress. */
export function PointsTaskPage() {
  const summary = usePointsSummary();
  return (
    <>
      <PageHeader />
      <PointsHead summary={summary.data} recordLink />
      <main className="page-body">
        <TaskList />
      </main>
    </>
  );
}
