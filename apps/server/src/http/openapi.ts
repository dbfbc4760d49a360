import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { fileAnswerSchema, RawAnswer } from './envelope.ts';

/** Where the OpenAPI document is served. */
export const API_DOCS_PATH = '/api/docs';

/** The groups of operations in the document, one per area, each with what it holds. */
export const API_TAGS = {
  sites: '学习网站点：站点列表，以及一次请求所属的站点（按请求头 X-Site）。',
  account:
    '账号：用一次性票据换取登录凭证、刷新与吊销凭证；个人资料、头像、密码与已登录设备；绑定手机号与统一身份认证；注销账号。',
  sso: '账号中心（内置的统一身份认证）：登录与注册页面（HTML 表单，成功后带一次性票据跳回回调地址），以及信任本账号中心的其他学习网用票据换取学员标识。',
  courses: '课程：分类、列表与详情（章节和课时）。',
  classes: '班级：列表、详情、报名与取消报名、我报名的班级。',
  ebooks: '电子书：分类、列表与详情。',
  topics: '专题：简介、栏目与推荐书目。',
  places: '学习地图：地点、地图标记、附近的地点，以及地点的课程、活动、班级与学习项目。',
  activities: '活动：列表、详情、报名（含需要附件的特色活动）、取消报名、我的活动与现场签到。',
  live: '课程直播：频道、直播列表与详情、预约、我的直播日程、自主选课课表、观看心跳与直播流（HLS）。',
  articles: '资讯与通知：栏目、文章列表与详情、通知的已读与读完文章。',
  study:
    '学习记录：课时内容、播放与阅读进度、直播与回放的观看、今日学习时长、我的课程与电子书、我的日程。',
  search: '搜索：课程与班级，以及热门搜索词。',
  home: '首页：轮播图、推荐与各栏目区块，以及登录学员的我的学习。',
  favourites: '我的收藏：收藏、取消、查询与清空。',
  history: '学习足迹：记录浏览、列表、删除与清空。',
  messages: '我的消息：本人的消息与本站通知、未读数与已读。',
  push: '提醒推送（Web Push）：服务器公钥、本设备订阅与退订；开班、活动与直播提醒在门户关闭时也能送达。',
  medals: '勋章、学习成就与结业证书，以及公开的证书验证。',
  statistics: '学习统计：按天、周、月的学习时长与连续学习天数。',
  points: '积分：余额、今日任务与明细（只读：积分由学习行为按规则自动获得）。',
  teams: '学习团队：创建、加入与退出、成员与入队审核、团队设置，以及团队作品的发布、点赞与评论。',
  rankings: '排行榜：学员与团队的积分排名。',
  'team-resources': '团队资源：团队关联的课程、班级、活动与电子书，以及成员的学习进度。',
  delivery: '资源配送：资源目录、配送申请与评价，以及配送专员处理申请。',
  bases: '体验基地：基地与参观场次、预约与取消。',
  walks: '人文行走：路线与站点、导览场次报名、站点打卡。',
  admin:
    '运营后台：操作员会话、本站操作员的角色授予与收回、操作日志（每个操作声明所需角色，只作用于请求头 X-Site 所指的站点）。',
  'admin-articles': '运营后台·文章：新建与编辑、先审后发（提交、通过、驳回、撤回）、发布与下线。',
  'admin-activities':
    '运营后台·活动：活动与特色活动（时间、地点、名额、报名表单与附件要求）的新建与编辑，先审后发，发布与下线。',
  'admin-classes':
    '运营后台·班级：班级（学期、上课时间与地点、授课教师、名额、报名表单与所学课程）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-courses':
    '运营后台·课程：课程与章节、课时（视频或图文）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-programmes':
    '运营后台·参观项目：体验基地的参观项目（所属基地、介绍、时长、适合人群、每次最多人数）与参观场次（时间、名额，已有预约的场次不能删除或改时间）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-delivery':
    '运营后台·资源配送：资源目录中的讲师、送课、活动套件与展览（人数范围、场地与设备要求、提前预约天数、讲师信息）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-home':
    '运营后台·首页：首页轮播图（图片、标题、链接到的内容、展示截止时间、排序）的新建与编辑，先审后发；首页入口的顺序与显示，站内内容是否补足轮播图。',
  'admin-rules':
    '运营后台·积分与勋章规则：积分规则的每次积分、每日上限与启用，勋章的门槛与描述（全网生效，仅超级管理员可改，合理性检查防止积分无上限）。',
  'admin-participants':
    '运营后台·报名名单：班级、活动、参观时段、行走场次与直播的报名（预约）学员，报名表单的回答与附件，代学员取消报名（原因以消息告知学员），导出为 Excel 或 CSV。',
  'admin-learners':
    '运营后台·学员管理：本站学员的搜索（昵称或手机号，按角色打码），一位学员的报名、学习时长、积分明细、勋章、团队与设备，停用与启用账号（停用即退出登录），带原因的积分调整（记入积分明细与操作日志）。',
  'admin-messages':
    '运营后台·群发消息：给全站学员、某个项目的报名学员、某个团队的成员或 30 天未登录的学员写通知，立即或定时发送（后台任务发送，每人一次），发送、送达与已读人数。',
  'admin-stats':
    '运营后台·数据统计：按日期范围统计本站的学员（每日、每周、每月学习过的学员与新增学员）、按类型的学习时长、报名与满员率、热门课程活动文章、直播观看与积分发放，均由数据库按索引计算。',
  'admin-jobs':
    '运营后台·后台任务：到期提醒、转码等在后台运行的任务，各自的状态、进度、尝试次数与失败原因；失败的任务可重试。',
  'admin-ebooks':
    '运营后台·电子书：电子书（书目信息、PDF 与封面）的新建与编辑，PDF 上传（按内容检查、读取页数、以第一页生成封面），先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-places':
    '运营后台·地图场所：学习地图上的学习点、学校与分校、体验基地与人文行走点（类别与类型、所属学校、地址与经纬度、电话、每周开放时间、介绍、封面与照片）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-live':
    '运营后台·直播：直播场次（频道、时间、直播源与回放）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-walks':
    '运营后台·人文行走：行走路线（介绍、封面、长度与用时）、按顺序的站点（本站人文行走点与站点故事）与导览场次（时间、集合地点、导览员、名额）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
  'admin-topics':
    '运营后台·专题：专题（横幅、简介、排序）与栏目（课程、活动或电子书，每栏选本站已发布的内容并排序）的新建与编辑，先审后发（提交、通过、驳回、撤回），发布与下线。',
} as const;

/** The tag of an operation: one of {@link API_TAGS}. */
export type ApiTag = keyof typeof API_TAGS;

/** What the OpenAPI document says of one operation, written with its route. */
export interface OperationDocs {
  /** Unique in the API, camelCase, a verb first: `listCourses`, `signUpForClass`. */
  operationId: string;
  /** One short sentence: what the operation does. */
  summary: string;
  /** The rest a caller needs: who may call, order and filters, what is refused and why. */
  description: string;
}

/** The documentation part of a route's schema, for routes declared on `app` directly. */
export function operationSchema(tag: ApiTag, docs: OperationDocs): FastifySchema {
  return {
    tags: [tag],
    operationId: docs.operationId,
    summary: docs.summary,
    description: docs.description,
  };
}

const DESCRIPTION = `城市学习网（首个站点为静安学习网）移动门户的接口：课程、班级、活动、电子书、直播、资讯、团队、学习地图、积分与勋章。

- **答复信封**：\`/api\` 下的每个答复都是 \`{ code, message, data }\`。成功时 \`code\` 为 0；未登录或登录凭证失效为 301，输入有误为 400（\`message\` 用中文指出字段），无权操作为 403，不存在为 404，业务冲突（名额已满、重复报名等）为 409，操作过于频繁为 429（带 \`Retry-After\`），这些都在 HTTP 200 上答复；意外失败为 HTTP 500（数据库暂不可用时为 HTTP 503），\`code\` 500。本文档中各操作的成功答复（200）描述的是信封里的 \`data\`。
- **登录**：标有 \`bearer\` 安全要求的操作需要在 \`Authorization: Bearer <登录凭证>\` 中发送登录凭证，没有或失效时答复 301；其余操作可不登录，带有效凭证时答复中含该学员自己的状态。
- **站点**：请求头 \`X-Site\` 指定站点（缺省为默认站点），内容按站点区分；不存在的站点答复 400。
- **列表**：\`page\` 从 1 开始，\`size\` 至多 50；\`data\` 为 \`{ list, total, page, size }\`。
- **例外**：本文档（\`/api/docs\`）本身不带信封；直播流 \`/media/live/stream.m3u8\`、结业证书 PDF、报名名单的导出与报名附件成功时答复文件本身，失败时仍是信封；账号中心 \`/sso/...\` 为 HTML 页面。`;

/** Builds the OpenAPI document from the routes' schemas as they register (so, before them). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '学习网移动门户 API',
        version: '1.0.0',
        description: DESCRIPTION,
        contact: { name: '学习网移动门户开发与运维' },
      },
      servers: [{ url: '/', description: '提供本文档的门户服务器（同一来源）' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      // Routes declared with `login: 'required'` list this scheme (the request context adds it).
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: '登录凭证（不透明的随机串）' },
        },
      },
    },
    transform: describeFiles,
  });
}

/**
 * The zod schemas as JSON Schema (`jsonSchemaTransform`), and a route answering a file
 * ({@link fileAnswerSchema}) documented as a file: its 200 is binary, not the envelope.
 */
const describeFiles: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (response?.['200'] !== fileAnswerSchema) return output;
  return {
    ...output,
    schema: {
      ...output.schema,
      response: {
        200: {
          description: '文件本身（不是信封；失败时仍答复信封）',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    },
  };
};

/**
 * Serves the OpenAPI document at `/api/docs` as itself: raw JSON for OpenAPI tools, the one
 * `/api` answer without the envelope (its failures, e.g. an unknown `X-Site`, keep it).
 */
export function serveApiDocs(app: FastifyInstance) {
  let text: string | undefined;
  app.get(API_DOCS_PATH, { schema: { hide: true }, config: { login: 'none' } }, async () => {
    // The routes are all registered by the first call; the document does not change after.
    text ??= JSON.stringify(app.swagger());
    return new RawAnswer('application/json; charset=utf-8', text);
  });
}
