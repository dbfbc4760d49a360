import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { RetryButton, StateView } from '@/ui/state-view.tsx';
import { usePointsSummary, usePointsTasks } from '../api/points.ts';
import { PointsHead } from '../components/points-head.tsx';
import { TaskRow } from '../components/task-row.tsx';
import '../points.css';

function TaskList() {
  const tasks = usePointsTasks();
  if (tasks.isPending) return <PageSkeleton />;
  if (!tasks.data) {
    return (
      <StateView kind="error" title="任务没有加载出来" description="请检查网络后重试。">
        <RetryButton onRetry={() => void tasks.refetch()} />
      </StateView>
    );
  }
  return (
    <section className="points-tasks" aria-labelledby="points-tasks-title">
      <h2 id="points-tasks-title" className="points-section-title">
        今日任务
      </h2>
      <ul className="points-task-list">
        {tasks.data.tasks.map((task) => (
          <TaskRow key={task.key} task={task} />
        ))}
      </ul>
      <p className="points-note">
        积分由系统根据真实的学习记录自动发放，每天 0 点（北京时间）重新计算。
      </p>
    </section>
  );
}

/** `/pointsTask`: the balance and today's total, then today's tasks with their progress. */
export function PointsTaskPage() {
  const summary = usePointsSummary();
  return (
    <>
      <PageHeader />
      <main className="page-body points-page">
        <PointsHead summary={summary.data} recordLink />
        <TaskList />
      </main>
    </>
  );
}
