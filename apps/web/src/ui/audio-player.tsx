import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDuration } from '@/lib/format-duration.ts';
import { useMediaSession } from './media-session.ts';
import { mediaDuration, type PlaybackReport, usePlaybackReports } from './use-playback-reports.ts';
import { chosenPlaybackRate, SpeedButtons, withStartFragment } from './video-player.tsx';
import './actions.css';
import './audio-player.css';
import './video-player.css';

/** How far the 后退 and 前进 buttons move, in seconds. */
export const SKIP_SECONDS = 15;

export interface AudioPlayerProps {
  src: string;
  /** Names the player's region, e.g. 课时播放. */
  label: string;
  /** Names the audio for assistive technology. */
  title: string;
  /** The picture shown while it plays (the lesson's poster, else the course's cover). */
  picture?: string | undefined;
  /** Shown under the title on the lock screen (the course's title). */
  artist?: string | undefined;
  /** The stored position to resume at, in seconds. */
  startAt: number;
  /** The audio's duration as the catalogue gives it (a resume near the end restarts). */
  durationHint?: number | undefined;
  /** Start playing once loaded (the learner chose it just now). */
  autoPlay: boolean;
  /** Sends a report; a rejection gives its listening time back to the next report. */
  onReport?: ((report: PlaybackReport) => Promise<void>) | undefined;
  /** Sends a report as the page is hidden or left (`keepalive`); false when it was not sent. */
  onReportOnLeave?: ((report: PlaybackReport) => boolean) | undefined;
  /** Reports at once when the position reaches this share of the duration (completion). */
  reportAtRatio?: number;
  /** Told where playback is, once positioned (each `timeupdate` and seek). */
  onPosition?: ((seconds: number) => void) | undefined;
  /** Shown under the picture: its title bar. */
  bar?: ReactNode;
}

/**
 * An audio lesson for older eyes and fingers: the picture, one large 播放 / 暂停 button, 后退 and
 * 前进 15 秒, a wide progress slider with the time in large figures, and the speed buttons; the
 * same progress reports and resume position as the video player ({@link usePlaybackReports}).
 * With the screen locked, the lock screen shows it and its buttons control it
 * ({@link useMediaSession}).
 */
export function AudioPlayer({
  src,
  label,
  title,
  picture,
  artist,
  startAt,
  durationHint,
  autoPlay,
  onReport,
  onReportOnLeave,
  reportAtRatio,
  onPosition,
  bar,
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(chosenPlaybackRate);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reports = usePlaybackReports(audioRef, {
    startAt,
    durationHint,
    autoPlay,
    onReport,
    onReportOnLeave,
    reportAtRatio,
    onPosition,
    onPositioned: (audio) => {
      audio.playbackRate = rate;
      setDuration(mediaDuration(audio));
      setPosition(audio.currentTime);
    },
  });
  const reloading = useRef(reports.reloading);
  reloading.current = reports.reloading;
  useMediaSession(audioRef, { title, artist, artwork: picture, skipSeconds: SKIP_SECONDS });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on purpose
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    audio.src = withStartFragment(src, reloading.current());
    return () => {
      // Stops the download of an audio the learner left.
      audio.removeAttribute('src');
      audio.load();
    };
  }, [src, attempt]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.playbackRate = rate;
    audio.defaultPlaybackRate = rate;
  }, [rate]);

  const handleToggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) audio.play().catch(() => setFailed(true));
    else audio.pause();
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || duration <= 0) return;
    audio.currentTime = Math.min(Math.max(0, seconds), duration);
    setPosition(audio.currentTime);
  };

  const handleRetry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  const known = duration > 0;
  const spoken = known
    ? `已播放 ${formatDuration(position)}，共 ${formatDuration(duration)}`
    : '正在读取音频长度';

  return (
    <section className="video-stage audio-stage" aria-label={label}>
      <div className="audio-box">
        {picture ? <img className="audio-picture" src={picture} alt="" /> : null}
        <audio
          ref={audioRef}
          className="audio-element"
          preload="metadata"
          aria-label={title}
          {...reports.handlers}
          // The button says 暂停 as soon as playing is asked (\`paused\` is false from then on):
          // a tap while the sound is still starting pauses it, as the button says, rather than
          // a 播放 that pauses.
          onPlay={() => setPlaying(true)}
          onPlaying={() => {
            reports.handlers.onPlaying();
            setPlaying(true);
          }}
          onPause={() => {
            reports.handlers.onPause();
            setPlaying(false);
          }}
          onEnded={() => {
            reports.handlers.onEnded();
            setPlaying(false);
          }}
          onTimeUpdate={() => {
            reports.handlers.onTimeUpdate();
            const audio = audioRef.current;
            if (audio) setPosition(audio.currentTime);
          }}
          onDurationChange={() => {
            const audio = audioRef.current;
            if (audio) setDuration(mediaDuration(audio));
          }}
          onError={() => setFailed(true)}
        />
        <div className="audio-controls">
          <button
            type="button"
            className="audio-skip"
            disabled={!known}
            onClick={() => seekTo(position - SKIP_SECONDS)}
          >
            后退{SKIP_SECONDS}秒
          </button>
          <button
            type="button"
            className="audio-toggle"
            aria-pressed={playing}
            onClick={handleToggle}
          >
            <span className="audio-toggle-icon" aria-hidden="true">
              {playing ? '❚❚' : '▶'}
            </span>
            {playing ? '暂停' : '播放'}
          </button>
          <button
            type="button"
            className="audio-skip"
            disabled={!known}
            onClick={() => seekTo(position + SKIP_SECONDS)}
          >
            前进{SKIP_SECONDS}秒
          </button>
        </div>
        <div className="audio-progress">
          <input
            type="range"
            className="audio-slider"
            aria-label="播放进度"
            aria-valuetext={spoken}
            min={0}
            max={known ? Math.floor(duration) : 0}
            step={1}
            value={Math.floor(position)}
            disabled={!known}
            onChange={(event) => seekTo(Number(event.target.value))}
          />
          <p className="audio-time" aria-hidden="true">
            <span>{formatDuration(position)}</span>
            <span>{known ? formatDuration(duration) : '--:--'}</span>
          </p>
        </div>
        {failed ? (
          <div className="video-failed" role="alert">
            <p>音频没有加载出来，请检查网络后重试。</p>
            <button type="button" className="link-button primary" onClick={handleRetry}>
              重试
            </button>
          </div>
        ) : null}
      </div>
      {bar}
      <SpeedButtons rate={rate} onRate={setRate} />
    </section>
  );
}
