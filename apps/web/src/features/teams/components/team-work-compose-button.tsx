import { Button, type ButtonProps } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loginCheck } from '@/platform/login-check.ts';
import { href } from '@/platform/paths.ts';

/** The sheet (its text area, picture picker and pop-ups), downloaded when first opened. */
const TeamWorkCompose = lazy(() =>
  import('./team-work-compose.tsx').then((module) => ({ default: module.TeamWorkCompose })),
);

/** Shows the sheet once it is mounted (hidden), so that it slides in as it always did. */
function ShowOnMount({ show }: { show: (shown: boolean) => void }) {
  useEffect(() => show(true), [show]);
  return null;
}

/**
 * A team member's button that opens 发布作品 (after the login check); the new work opens once
 * posted. The sheet is mounted at the first opening and kept after it (its draft with it).
 */
export function TeamWorkComposeButton({
  teamId,
  children,
  ...look
}: { teamId: number; children: ReactNode } & Pick<
  ButtonProps,
  'block' | 'fill' | 'size' | 'className'
>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const handleOpen = async () => {
    if (!(await loginCheck())) return;
    if (opened) setOpen(true);
    else setOpened(true);
  };
  return (
    <>
      <Button color="primary" {...look} onClick={() => void handleOpen()}>
        {children}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <TeamWorkCompose
            teamId={teamId}
            visible={open}
            onClose={() => setOpen(false)}
            onPosted={(work) => void navigate(href('teamWorkDetail', { id: work.id }))}
          />
          <ShowOnMount show={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
