import { expect, it } from 'vitest';
import { body, describeEachEngine } from '../../testing/test-app.ts';

describeEachEngine('GET /api/sites', (ctx) => {
  it('lists every site with key, name and path prefix', async () => {
    const response = await ctx().app.inject({ url: '/api/sites' });
    expect(body(response)).toEqual({
      code: 0,
      message: '',
      data: [
        { key: 'jingan', name: '静安学习网', prefix: '', themeColor: '#1664ff' },
        { key: 'xuhui', name: '徐汇学习网', prefix: '/xuhui', themeColor: '#0b7a75' },
      ],
    });
  });

  it('resolves the current site from X-Site, else the default', async () => {
    const named = await ctx().app.inject({
      url: '/api/sites/current',
      headers: { 'x-site': 'xuhui' },
    });
    expect(body(named).data).toEqual({
      key: 'xuhui',
      name: '徐汇学习网',
      prefix: '/xuhui',
      themeColor: '#0b7a75',
    });
    const unnamed = await ctx().app.inject({ url: '/api/sites/current' });
    expect(body(unnamed).data).toMatchObject({ key: 'jingan' });
  });
});
