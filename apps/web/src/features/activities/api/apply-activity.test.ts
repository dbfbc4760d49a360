import { describe, expect, it } from 'vitest';
import { applyFormData } from './apply-activity.ts';

describe('the multipart body of a special activity signup', () => {
  it('carries activityId, the form as JSON and each file under files', () => {
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    const scan = new File(['pdf'], 'scan.pdf', { type: 'application/pdf' });
    const data = applyFormData(
      { activityId: 7, form: { name: '王秀兰', topics: ['书法', '摄影'] } },
      [photo, scan],
    );
    expect(data.get('activityId')).toBe('7');
    expect(JSON.parse(String(data.get('form')))).toEqual({
      name: '王秀兰',
      topics: ['书法', '摄影'],
    });
    expect(data.getAll('files').map((entry) => (entry as File).name)).toEqual([
      'photo.png',
      'scan.pdf',
    ]);
    expect(data.has('waitlist')).toBe(false);
  });

  it('asks for the waiting list with waitlist=true', () => {
    const data = applyFormData({ activityId: 7, form: {}, waitlist: true }, []);
    expect(data.get('waitlist')).toBe('true');
  });
});
