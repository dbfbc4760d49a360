/**
 * A learner's progress as a labelled bar: `done` of `total` lessons (or pages: `unit` 页,
 * `verb` 已读), with the percentage read out by screen readers (`role=progressbar`).
 */
export function ProgressBar({
  done,
  total,
  label,
  unit = '课时',
  verb = '已学',
}: {
  done: number;
  total: number;
  label: string;
  unit?: string;
  verb?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <span className="progress">
      <span
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${verb} ${done}/${total} ${unit}，${percent}%`}
      >
        <span className="progress-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="progress-text">
        {done}/{total} {unit} · {percent}%
      </span>
    </span>
  );
}
