import { PROJECT_STATUS_NAMES } from '@portal/contract/constants';
import { RichHtml } from '@/ui/rich-html.tsx';
import { PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoProject?id=`: the learning projects of a place, with their period and state. */
export function PlaceProjectsPage() {
  return (
    <PlaceItemsPage kind="projects" what="项目">
      {(project) => (
        <li key={project.id} className="place-project">
          {project.cover ? (
            <img src={project.cover} alt="" width={800} height={500} loading="lazy" />
          ) : null}
          <h2>{project.title}</h2>
          <p className="place-project-meta">
            <span className={`place-project-status ${project.status}`}>
              {PROJECT_STATUS_NAMES[project.status]}
            </span>
            {project.period}
          </p>
          <RichHtml html={project.intro} />
        </li>
      )}
    </PlaceItemsPage>
  );
}
