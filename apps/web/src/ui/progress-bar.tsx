/**
 * A bare progress track (`role=progressbar`, 0–100) and its fill, classed `<prefix>-track` and
 * `<prefix>-fill` so each place keeps its own look; `valueText` is what screen readers say.
 */
export function ProgressTrack({
  classPrefix,
  label,
  percent,
  valueText,
}: {
  classPrefix: string;
  label: string;
  percent: number;
  valueText: string;
}) {
  return (
    <span
      className={`${classPrefix}-track`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <span className={`${classPrefix}-fill`} style={{ width: `${percent}%` }} />
    </span>
  );
}

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
      <ProgressTrack
        classPrefix="progress"
        label={label}
        percent={percent}
        valueText={`${verb} ${done}/${total} ${unit}，${percent}%`}
      />
      <span className="progress-text">
        {done}/{total} {unit} · {percent}%
      </span>
    </span>
  );
}
