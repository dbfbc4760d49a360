import { PICTURE_SIZES, PROJECT_STATUS_NAMES, pictureSources } from '@portal/contract/constants';
import { Badge } from '@/ui/badge.tsx';
import { Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoProject?id=`: the learning projects of a place, with their period and state. */
export function PlaceProjectsPage() {
  return (
    <PlaceItemsPage kind="projects" what="项目">
      {(project) => (
        <Panel as="li" key={project.id} stack className="place-project">
          {project.cover ? (
            <img
              {...pictureSources(project.cover, PICTURE_SIZES.wide)}
              src={project.cover}
              alt=""
              width={800}
              height={500}
              loading="lazy"
            />
          ) : null}
          <h2 className="panel-title">{project.title}</h2>
          <p className="badge-row detail-meta">
            <Badge>{PROJECT_STATUS_NAMES[project.status]}</Badge>
            {project.period}
          </p>
          <RichHtml html={project.intro} />
        </Panel>
      )}
    </PlaceItemsPage>
  );
}
