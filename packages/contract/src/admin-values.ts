/* The operators' console's enums and limits: zod-free, so the console takes them from `@portal/contract/constants`. */
import { namedValues } from './named-values.ts';

/**
 * What an operator may do, per site (超级管理员 on every site): 站点管理员 runs a site and grants
 * its roles; 编辑 writes content; 审核员 reviews and publishes it; 签到员 and 配送专员 are the
 * staff of check-in and resource delivery.
 */
export const [OPERATOR_ROLES, OPERATOR_ROLE_NAMES] = namedValues([
  ['super_admin', '超级管理员'],
  ['site_admin', '站点管理员'],
  ['editor', '编辑'],
  ['reviewer', '审核员'],
  ['checkin', '签到员'],
  ['delivery', '配送专员'],
]);
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Where a piece of content is in review before publication (先审后发): 草稿 → 待审核 → 已发布 →
 * 已下线, and 已驳回 (with a reason) back to 草稿 on the next save.
 */
export const [REVIEW_STATUSES, REVIEW_STATUS_NAMES] = namedValues([
  ['draft', '草稿'],
  ['pending', '待审核'],
  ['published', '已发布'],
  ['offline', '已下线'],
  ['rejected', '已驳回'],
]);
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The kinds of record the audit log names, with the name the console shows. */
export const [AUDIT_ENTITIES, AUDIT_ENTITY_NAMES] = namedValues([
  ['article', '文章'],
  ['course', '课程'],
  ['class', '班级'],
  ['activity', '活动'],
  ['live', '直播'],
  ['ebook', '电子书'],
  ['topic', '专题'],
  // Not `delivery_resource`: the entity columns (audit log, waiting edits, schedules) hold 16.
  ['delivery', '配送资源'],
  ['programme', '参观项目'],
  ['walk', '人文行走'],
  ['banner', '首页轮播图'],
  ['home', '首页设置'],
  ['points_rule', '积分规则'],
  ['medal_rule', '勋章规则'],
  ['place', '地图场所'],
  ['operator', '操作员权限'],
  ['upload', '上传文件'],
  ['job', '后台任务'],
  ['participant', '报名记录'],
  ['learner', '学员'],
  ['campaign', '群发消息'],
]);
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What an operator did, as the audit log names it. */
export const [AUDIT_ACTIONS, AUDIT_ACTION_NAMES] = namedValues([
  ['create', '新建'],
  ['update', '修改'],
  ['submit', '提交审核'],
  ['approve', '审核通过'],
  ['reject', '驳回'],
  ['publish', '发布'],
  ['take_down', '下线'],
  ['withdraw', '撤回'],
  ['schedule', '定时发布'],
  ['unschedule', '取消定时'],
  ['grant', '授予'],
  ['revoke', '收回'],
  ['upload', '上传'],
  ['retry', '重试'],
  ['cancel', '取消报名'],
  ['disable', '停用'],
  ['enable', '启用'],
  ['adjust', '积分调整'],
  ['send', '发送'],
]);
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The longest reason a reviewer gives for a refusal, in characters. */
export const REJECT_REASON_MAX = 200;
/** The most records one bulk publish or take-down acts on. */
export const BULK_MAX = 100;
/** The most rows one audit export holds (a narrower filter exports the rest). */
export const AUDIT_EXPORT_MAX = 10_000;
/** The longest article body an operator may store, in characters of HTML. */
export const ARTICLE_BODY_MAX = 200_000;
/** The largest image an operator may upload, in bytes. */
export const ADMIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The largest lesson video (or replay) an operator may upload, in bytes: a phone's or a camera's
 * recording of a long lecture as it came (10 minutes of 1080p from a phone is about 1.3 GB); the
 * media pipeline makes what learners download of it. Streamed to disk, never held in memory.
 */
export const ADMIN_VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The largest lesson audio an operator may upload, in bytes: three hours of MP3 at 192 kbit/s. */
export const ADMIN_AUDIO_MAX_BYTES = 300 * 1024 * 1024;
/**
 * The largest e-book PDF an operator may upload, in bytes: one request's limit, as a video's
 * (`MULTIPART_BODY_LIMIT` holds every multipart request of the server).
 */
export const ADMIN_PDF_MAX_BYTES = 19 * 1024 * 1024;
/** The longest e-book title, author and publisher, and introduction, in characters. */
export const EBOOK_TITLE_MAX = 100;
export const EBOOK_AUTHOR_MAX = 100;
export const EBOOK_INTRODUCTION_MAX = 5000;
/** The years an e-book's edition may carry. */
export const EBOOK_YEAR_MIN = 1900;
export const EBOOK_YEAR_MAX = 2100;

/** The longest course or lesson title, in characters. */
export const COURSE_TITLE_MAX = 100;
/** The most chapters of a course, lessons of a chapter, and tags of a course. */
export const COURSE_CHAPTERS_MAX = 50;
export const CHAPTER_LESSONS_MAX = 100;
export const COURSE_TAGS_MAX = 8;
/** The longest lesson video the console accepts a length for, in seconds (12 hours). */
export const LESSON_SECONDS_MAX = 12 * 3600;

/** The most fields of a sign-up form an operator builds, and their sizes. */
export const SIGNUP_FIELDS_MAX = 20;
export const SIGNUP_FIELD_LABEL_MAX = 20;
export const SIGNUP_FIELD_OPTIONS_MAX = 20;
export const SIGNUP_FIELD_OPTION_MAX = 30;
/** The most seats of a class or an activity. */
export const SEATS_MAX = 100_000;
/** The file types a special activity's sign-up may take as attachments (told by content). */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
/** The most files, and the largest file, a special activity's sign-up may ask for. */
export const ATTACHMENT_FILES_MAX = 10;
export const ATTACHMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The furthest ahead a publication may be scheduled, in days. */
export const SCHEDULE_DAYS_MAX = 366;

/** The longest term, class time, place and teacher name of a class, in characters. */
export const CLASS_TERM_MAX = 50;
export const CLASS_TIME_MAX = 100;
export const CLASS_PLACE_MAX = 100;
export const CLASS_TEACHER_MAX = 50;
/** The most courses a class studies. */
export const CLASS_COURSES_MAX = 20;

/**
 * The kinds of section a topic (专题) shows, as the portal renders them, with their names; each
 * shows the topic's content of one type ({@link TOPIC_SECTION_TYPES}).
 */
export const [TOPIC_SECTION_KINDS, TOPIC_SECTION_KIND_NAMES] = namedValues([
  ['courses', '课程'],
  ['activities', '活动'],
  ['ebooks', '电子书'],
]);
export type TopicSectionKind = (typeof TOPIC_SECTION_KINDS)[number];
/** The content type a section of each kind holds (`topic_items.content_type`). */
export const TOPIC_SECTION_TYPES = {
  courses: 'course',
  activities: 'activity',
  ebooks: 'ebook',
} as const satisfies Record<TopicSectionKind, string>;
/** The longest topic title and subtitle, and introduction, in characters. */
export const TOPIC_TITLE_MAX = 100;
export const TOPIC_SUBTITLE_MAX = 200;
export const TOPIC_INTRODUCTION_MAX = 2000;
/** The longest section name, in characters. */
export const TOPIC_SECTION_NAME_MAX = 30;
/** The most cards a section shows on the topic's page (`topic_sections_limit_check`). */
export const TOPIC_ITEM_LIMIT_MAX = 50;
/** The most items an operator puts in one section (its "more" page shows those past the limit). */
export const TOPIC_SECTION_ITEMS_MAX = 100;
/** The largest sort number of a topic on the topic list (smaller first). */
export const TOPIC_SORT_MAX = 9999;

/** The longest deliverable resource title, in characters (the column holds 100). */
export const DELIVERY_TITLE_MAX = 100;
/** The most tags of a deliverable resource, and the longest tag, in characters. */
export const DELIVERY_TAGS_MAX = 5;
export const DELIVERY_TAG_MAX = 10;
/** The longest room or equipment need of a resource, in characters (the columns hold 200). */
export const DELIVERY_NEEDS_MAX = 200;
/**
 * The most days of notice a resource may ask for: a request may be made at most a year ahead
 * (`DELIVERY_HORIZON_DAYS`), and a quarter is the longest a community plans for.
 */
export const DELIVERY_LEAD_DAYS_MAX = 90;
/** The longest lecturer's name and title, in characters (the columns hold 40 and 60). */
export const DELIVERY_LECTURER_NAME_MAX = 40;
export const DELIVERY_LECTURER_TITLE_MAX = 60;
/** The most topics a lecturer speaks on, and the longest topic, in characters. */
export const DELIVERY_LECTURER_TOPICS_MAX = 8;
export const DELIVERY_LECTURER_TOPIC_MAX = 20;

/** The longest walk title, in characters (the column holds 80). */
export const WALK_TITLE_MAX = 80;
/** The longest route (metres) and walk (minutes) a walk may be: a day's walk in the city. */
export const WALK_DISTANCE_MAX_M = 50_000;
export const WALK_DURATION_MAX_MINUTES = 720;
/** The most stops of a walk, the fewest it is published with, and a stop's longest story. */
export const WALK_STOPS_MAX = 30;
export const WALK_STOPS_MIN = 2;
export const WALK_STORY_MAX = 1000;
/** The most guided sessions one form holds, and their meeting point and guide (columns 200, 40). */
export const WALK_SESSIONS_MAX = 50;
export const WALK_MEETING_POINT_MAX = 200;
export const WALK_GUIDE_MAX = 40;
/** The longest guided session, in hours. */
export const WALK_SESSION_HOURS_MAX = 24;
/** The name of a walk's stop in messages (`第 2 站：不能重复选择同一地点`); `index` from 0. */
export const walkStopRow = (index: number) => `第 ${index + 1} 站`;
/** The name of a walk's guided session in messages (`第 1 场导览：...`); `index` from 0. */
export const walkSessionRow = (index: number) => `第 ${index + 1} 场导览`;

/** The longest place name, street, address and phone, in characters (the columns hold 80, 40, 200, 40). */
export const PLACE_NAME_MAX = 80;
export const PLACE_STREET_MAX = 40;
export const PLACE_ADDRESS_MAX = 200;
export const PLACE_PHONE_MAX = 40;
/** The most photos of a place (a phone's gallery shows nine). */
export const PLACE_PHOTOS_MAX = 9;
/**
 * A place's phone: a landline with its area code (021-62561234, 021-6256 1234 ext. `-801`), a
 * service number (400-820-1234) or a mobile number (13812345678).
 */
export const PLACE_PHONE_PATTERN =
  /^(0\d{2,3}-?\d{3,4}[- ]?\d{4}(-\d{1,6})?|[48]00-?\d{3}-?\d{4}|1[3-9]\d{9})$/;

/**
 * Where a background job (后台任务) is: 排队中 → 运行中 → 已完成, or 等待重试 after a failed try
 * with tries left, 失败 when none are left (the console's retry button queues it again).
 */
export const [JOB_STATES, JOB_STATE_NAMES] = namedValues([
  ['queued', '排队中'],
  ['running', '运行中'],
  ['retry', '等待重试'],
  ['done', '已完成'],
  ['failed', '失败'],
]);
export type JobState = (typeof JOB_STATES)[number];

/**
 * Whether an e-book's PDF can be searched inside (its text extracted page by page): 未提取 (no
 * file, or one from before extraction), 提取中, 可搜索, 扫描件 (pages without a text layer:
 * nothing to search), 提取失败.
 */
export const [EBOOK_TEXT_STATES, EBOOK_TEXT_STATE_NAMES] = namedValues([
  ['none', '未提取'],
  ['pending', '提取中'],
  ['ready', '可搜索'],
  ['scanned', '扫描件，不可搜索'],
  ['failed', '提取失败'],
]);
export type EbookTextState = (typeof EBOOK_TEXT_STATES)[number];

/**
 * Where an uploaded lesson video's HLS ladder is: 转码中 (queued or being transcoded), 可播放
 * (every rung, the audio and the poster written), 转码失败 (the reason says why; the upload is
 * kept for a retry).
 */
export const [VIDEO_LADDER_STATES, VIDEO_LADDER_STATE_NAMES] = namedValues([
  ['pending', '转码中'],
  ['ready', '可播放'],
  ['failed', '转码失败'],
]);
export type VideoLadderState = (typeof VIDEO_LADDER_STATES)[number];

/**
 * What learners sign up for, reserve or book, whose participants the console lists (报名名单):
 * a class, an activity (特色活动 included), a visit slot of a base's programme, a session of a
 * humanities walk, and a live session's reservations.
 */
export const [PARTICIPANT_KINDS, PARTICIPANT_KIND_NAMES] = namedValues([
  ['class', '班级'],
  ['activity', '活动'],
  ['slot', '参观时段'],
  ['walk', '行走场次'],
  ['live', '直播'],
]);
export type ParticipantKind = (typeof PARTICIPANT_KINDS)[number];

/**
 * Where a participant stands: signed up (booked, reserved), waiting for review, on the waiting
 * list, refused, or cancelled (the last three only for classes and activities).
 */
export const [PARTICIPANT_STATUSES, PARTICIPANT_STATUS_NAMES] = namedValues([
  ['active', '已报名'],
  ['pending', '待审核'],
  ['waiting', '候补'],
  ['rejected', '未通过'],
  ['cancelled', '已取消'],
]);
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** The longest reason an operator gives for cancelling a learner's sign-up, in characters. */
export const CANCEL_REASON_MAX = 200;
/** The most sign-ups one review decision takes at once (a page of the list). */
export const REVIEW_BATCH_MAX = 200;
/** The kinds of item whose sign-ups may wait for review and queue on a waiting list. */
export const REVIEWED_KINDS = ['class', 'activity'] as const;
/** A learner's standing on a site: 正常, or 已停用 (cannot sign in on it). */
export const [LEARNER_STATES, LEARNER_STATE_NAMES] = namedValues([
  ['active', '正常'],
  ['disabled', '已停用'],
]);
export type LearnerState = (typeof LEARNER_STATES)[number];
/** The longest reason for stopping an account or correcting its points, in characters. */
export const LEARNER_NOTE_MAX = 200;
/** The most points one adjustment adds or takes away. */
export const POINTS_ADJUSTMENT_MAX = 10_000;
/** The ledger's rule key of an operator's correction (积分调整; not a rule of the table). */
export const ADJUSTMENT_RULE_KEY = 'adjustment';
/**
 * Who a notice the staff write goes to (群发消息): every learner of the site, the participants
 * of an item (已报名), the members of a team, or the site's learners who have not come for 30
 * days.
 */
export const [CAMPAIGN_AUDIENCES, CAMPAIGN_AUDIENCE_NAMES] = namedValues([
  ['site', '全站学员'],
  ['item', '报名学员'],
  ['team', '团队成员'],
  ['inactive', '30 天未登录的学员'],
]);
export type CampaignAudienceType = (typeof CAMPAIGN_AUDIENCES)[number];
/** Where a notice is: waiting for its time, going out, out, or cancelled before it went. */
export const [CAMPAIGN_STATES, CAMPAIGN_STATE_NAMES] = namedValues([
  ['scheduled', '待发送'],
  ['sending', '发送中'],
  ['sent', '已发送'],
  ['cancelled', '已取消'],
]);
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const CAMPAIGN_TITLE_MAX = 50;
export const CAMPAIGN_BODY_MAX = 1000;
/** How long since a learner last came to the site makes them inactive, in days. */
export const INACTIVE_DAYS = 30;
/** How far ahead a notice may be scheduled, in days. */
export const CAMPAIGN_AHEAD_DAYS = 90;
/** The most rows one participants export holds (a narrower filter exports the rest). */
export const PARTICIPANT_EXPORT_MAX = 20_000;
/** The longest span the dashboard (数据统计) reads at once, in days. */
export const DASHBOARD_MAX_DAYS = 366;
/** How many rows each of the dashboard's top lists holds. */
export const DASHBOARD_TOP = 10;
