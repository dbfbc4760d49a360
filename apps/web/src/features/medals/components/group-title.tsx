import '@/ui/panel.css';

/** The heading of a group of medals, milestones or certificates, with how many it holds. */
export function GroupTitle({ title, count }: { title: string; count?: number }) {
  return (
    <h2 className="panel-title">
      {title}
      {count === undefined ? null : <span className="medal-count"> {count}</span>}
    </h2>
  );
}
