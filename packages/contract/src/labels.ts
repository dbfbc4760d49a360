/**
 * Chinese names of request fields, used by the server's validation messages
 * ("用户名：...") so a learner sees which field is wrong.
 */
export const fieldLabels: Record<string, string> = {
  username: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
  nickname: '昵称',
  ticket: '登录票据',
  token: '登录凭证',
  callback: '回调地址',
  page: '页码',
  size: '每页条数',
  id: '编号',
  file: '文件',
  categoryId: '课程分类',
  sort: '排序方式',
  classId: '班级',
  form: '报名信息',
  status: '状态',
  courseId: '课程',
  lessonId: '课时',
  positionSeconds: '播放位置',
  watchedSeconds: '观看时长',
  durationSeconds: '视频时长',
  q: '搜索内容',
  type: '类型',
  state: '学习状态',
  contentType: '内容类型',
  contentId: '内容编号',
  activityId: '活动',
  kind: '活动类型',
  code: '签到码',
  files: '附件',
  ebookId: '电子书',
  keyword: '关键词',
  slug: '专题',
  sessionId: '直播',
  from: '开始日期',
  days: '天数',
  range: '统计范围',
};

/**
 * Names a field has under one group of endpoints (by path prefix) where the shared name above
 * would mislead or none fits: `state` is a study state elsewhere, a live session's state here.
 */
export const scopedFieldLabels: Record<string, Record<string, string>> = {
  '/api/live/': { state: '直播状态', channelId: '直播频道' },
  '/api/admin/articles': {
    id: '文章',
    ids: '所选文章',
    kind: '文章类型',
    channelId: '栏目',
    title: '标题',
    summary: '摘要',
    cover: '封面',
    source: '来源',
    bodyHtml: '正文',
    pinned: '置顶',
    notify: '通知学员',
    version: '版本',
    reason: '驳回理由',
    status: '审核状态',
    authorId: '作者',
    q: '标题关键词',
    from: '起始日期',
    to: '截止日期',
  },
  '/api/admin/courses': {
    id: '课程',
    ids: '所选课程',
    categoryId: '课程分类',
    teacherId: '授课教师',
    title: '课程名称',
    summary: '简介',
    introductionHtml: '课程介绍',
    cover: '封面',
    tags: '标签',
    chapters: '章节',
    lessons: '课时',
    kind: '课时类型',
    videoUrl: '课时视频',
    durationSeconds: '课时时长',
    articleHtml: '图文内容',
    version: '版本',
    reason: '驳回理由',
    status: '审核状态',
    q: '名称关键词',
  },
  '/api/admin/audit': {
    entity: '记录类型',
    entityId: '记录编号',
    action: '操作',
    actorId: '操作人',
    from: '起始日期',
    to: '截止日期',
  },
  '/api/admin/operators': { username: '账号', role: '角色', userId: '操作员' },
  '/media/live/': { site: '学习网' },
  '/api/articles': { kind: '栏目类型', channelId: '栏目' },
  '/api/messages': { id: '消息编号' },
  '/api/places': {
    lat: '纬度',
    lng: '经度',
    category: '地点类别',
    limit: '数量',
    id: '地点',
    west: '地图范围（西）',
    south: '地图范围（南）',
    east: '地图范围（东）',
    north: '地图范围（北）',
    zoom: '地图缩放级别',
  },
  '/api/team-works': { workId: '作品', commentId: '评论', content: '内容', featured: '精选' },
  '/api/account/': {
    code: '验证码',
    phone: '手机号',
    purpose: '验证码用途',
    oldPassword: '原密码',
    newPassword: '新密码',
    id: '设备',
  },
  '/api/medals': { key: '勋章编号' },
  '/api/rankings': { scope: '榜单类型', period: '统计周期' },
  '/api/team-resources': {
    teamId: '团队',
    kind: '资源类型',
    resourceId: '资源编号',
    source: '来源',
    sort: '排序方式',
  },
  '/api/certificates': { id: '证书编号', code: '证书验证码' },
  '/api/delivery': {
    id: '编号',
    kind: '资源类型',
    resourceId: '配送资源',
    requestId: '配送申请',
    date: '日期',
    address: '地点',
    audience: '人数',
    organisation: '单位名称',
    contactName: '联系人',
    contactPhone: '联系电话',
    note: '备注',
    stars: '评分',
    comment: '评价',
    status: '申请状态',
    action: '操作',
    scheduledAt: '排期时间',
    place: '排期地点',
    reason: '拒绝原因',
  },
  '/api/bases': {
    id: '体验基地',
    slotId: '参观场次',
    bookingId: '预约',
    partySize: '参观人数',
    contactName: '联系人',
    contactPhone: '联系电话',
    when: '预约范围',
  },
  '/api/walks': {
    id: '行走路线',
    sessionId: '导览场次',
    stopId: '站点',
    lat: '纬度',
    lng: '经度',
  },
  '/api/teams': {
    id: '团队',
    teamId: '团队',
    userId: '成员',
    name: '团队名称',
    avatar: '团队头像',
    intro: '团队简介',
    joinMode: '加入方式',
    capacity: '成员上限',
    code: '邀请码',
    message: '申请留言',
    requestId: '申请',
    approve: '审批结果',
    confirmName: '确认的团队名称',
  },
};

/**
 * The Chinese label of a field path such as `['body', 'username']` (under the endpoint `url`,
 * when given), or `请求内容` when unknown.
 */
export function labelOf(path: readonly PropertyKey[], url?: string): string {
  const scoped = url
    ? Object.entries(scopedFieldLabels).find(([prefix]) => url.startsWith(prefix))?.[1]
    : undefined;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const key = path[i];
    if (typeof key !== 'string') continue;
    if (scoped && key in scoped) return scoped[key] as string;
    if (key in fieldLabels) return fieldLabels[key] as string;
  }
  const last = path.at(-1);
  return typeof last === 'string' ? last : '请求内容';
}
