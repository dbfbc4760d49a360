import { describe, expect, it } from 'vitest';
import { resumePosition, WatchTracker } from './watch-tracker.ts';

describe('resumePosition', () => {
  it('resumes at the stored position', () => {
    expect(resumePosition(8.4, 60)).toBe(8.4);
    expect(resumePosition(8.4, Number.NaN)).toBe(8.4);
  });

  it('starts from the beginning when nothing was stored or the lesson was watched to its end', () => {
    expect(resumePosition(0, 60)).toBe(0);
    expect(resumePosition(-3, 60)).toBe(0);
    expect(resumePosition(57, 60)).toBe(0);
    // A stored position from a longer media than the one playing now.
    expect(resumePosition(300, 60)).toBe(0);
  });
});

describe('WatchTracker', () => {
  /** Plays from `from` to `to` in `timeupdate` steps of 0.25 s of media. */
  function play(tracker: WatchTracker, from: number, to: number, rate = 1) {
    for (let time = from; time <= to + 1e-9; time += 0.25) tracker.tick(time, rate, true);
  }

  it('counts the media time played', () => {
    const tracker = new WatchTracker();
    tracker.jump(0);
    play(tracker, 0, 8);
    expect(tracker.take()).toBe(8);
    expect(tracker.take()).toBe(0);
  });

  it('counts real time at other speeds', () => {
    const tracker = new WatchTracker();
    tracker.jump(10);
    play(tracker, 10, 20, 2);
    expect(tracker.take()).toBe(5);
    tracker.jump(20);
    play(tracker, 20, 23, 0.75);
    expect(tracker.take()).toBe(4);
  });

  it('does not count seeks, jumps, going back or time while paused or seeking', () => {
    const tracker = new WatchTracker();
    tracker.jump(0);
    play(tracker, 0, 2);
    tracker.tick(50, 1, true); // a jump forward reported as a time update
    tracker.tick(10, 1, true); // and back
    tracker.tick(11, 1, false); // paused
    tracker.tick(11.25, 1, false); // seeking
    tracker.jump(30);
    tracker.tick(30.25, 1, true);
    expect(tracker.take()).toBe(2.25);
  });

  it('keeps what a failed report took for the next one', () => {
    const tracker = new WatchTracker();
    tracker.jump(0);
    play(tracker, 0, 5);
    const taken = tracker.take();
    tracker.giveBack(taken);
    play(tracker, 5, 6);
    expect(tracker.waiting).toBe(6);
  });
});
