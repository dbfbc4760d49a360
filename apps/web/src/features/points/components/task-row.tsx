import type { PointsTask } from '@portal/contract';
import { Link } from 'react-router';
import { type PathName, paths } from '@/platform/paths.ts';
import '@/ui/actions.css';
import { ProgressTrack } from '@/ui/progress-bar.tsx';

/** The page a task is done on (a name of `paths` from the server), or home when unknown. */
const taskPath = (page: string) => (page in paths ? paths[page as PathName] : paths.home);

/** One of today's tasks: what it earns, today's progress against its cap, and 去完成. */
export function TaskRow({ task }: { task: PointsTask }) {
  const percent = Math.min(100, Math.round((task.doneUnits / task.dailyCap) * 100));
  const progress = `${task.doneUnits}/${task.dailyCap} ${task.unit}`;
  return (
    <li className="points-row points-task">
      <div className="points-row-main">
        <h3 className="points-task-name">
          {task.name} <span className="text-accent">{progress}</span>
        </h3>
        <p className="points-row-note">
          每{task.unit} +{task.pointsPerUnit} 分，每天最多 {task.dailyCap} {task.unit}
        </p>
        <ProgressTrack
          classPrefix="progress"
          label={`${task.name}进度`}
          percent={percent}
          valueText={`今日 ${progress}`}
        />
      </div>
      {task.done ? (
        <span className="pill-button quiet">已完成</span>
      ) : (
        <Link className="pill-button" to={taskPath(task.page)}>
          去完成
        </Link>
      )}
    </li>
  );
}
