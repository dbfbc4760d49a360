import type {
  ActivityKind,
  ContentType,
  DeliveryActor,
  DeliveryKind,
  DeliveryStatus,
  LearningKind,
  SignupStatus,
} from '@portal/contract';
import type {
  AuditAction,
  AuditEntity,
  CampaignAudienceType,
  CampaignState,
  OperatorRole,
  ParticipantKind,
  ReviewStatus,
  VideoLadderState,
} from '@portal/contract/constants';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Every table, typed once. Times are epoch milliseconds (`bigint`) on both engines,
 * flags are 0/1 integers: the same values come back from SQLite and PostgreSQL.
 */
export interface SitesTable {
  key: string;
  name: string;
  sort: number;
  /** Brand colour `#rrggbb` (the web app's theme). */
  theme_color: Generated<string>;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see `modules/account/password.ts`. */
  password_hash: string;
  nickname: string;
  avatar: string | null;
  created_at: number;
  /** Set when the learner deleted the account (注销): the row is anonymised, never removed. */
  deleted_at: number | null;
}

/**
 * A learner of a site: since they first signed in on it, their latest sign-in, and whether an
 * operator stopped the account there (停用), why and by whom.
 */
export interface SiteLearnersTable {
  site_key: string;
  user_id: number;
  joined_at: number;
  last_seen_at: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  disabled_by: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  fingerprint: string | null;
  site_key: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  /** Set when the token was exchanged for a new one (its expiry then shrinks to the grace period). */
  rotated_at: number | null;
  revoked_at: number | null;
  /** The device: kept by every token a refresh swaps in, so one device stays one entry. */
  device_key: string | null;
  /** The browser's User-Agent when the device signed in (cut to 300 characters). */
  user_agent: string | null;
  /** When the device signed in (kept across refreshes). */
  signed_in_at: number | null;
  /**
   * Drawn at the first refresh: the successor token is an HMAC of this token under it, so every
   * refresh of the token during its grace period answers the same successor.
   */
  successor_key: string | null;
}

/** A 6-digit code sent to a phone to bind it (or unbind the bound one); at most 5 tries. */
export interface PhoneCodesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  purpose: 'bind' | 'unbind';
  /** SHA-256 of the phone and the code. */
  code_hash: string;
  created_at: number;
  expires_at: number;
  tries: Generated<number>;
  used_at: number | null;
}

export interface LoginTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface CourseCategoriesTable {
  id: Generated<number>;
  site_key: string;
  name: string;
  sort: Generated<number>;
}

export interface TeachersTable {
  id: Generated<number>;
  site_key: string;
  name: string;
  /** e.g. 高级讲师 · 静安区社区学院 */
  title: string;
  bio: string;
  avatar: string | null;
}

/**
 * Review before publication, but the time of the last change, which these tables kept from the
 * start (`20261130_1300_review_places_walks_delivery`).
 */
export interface ReviewState {
  /** Review before publication; `REVIEW_STATUSES`. */
  status: Generated<ReviewStatus>;
  /** Raised by every change an operator makes; a change made against an older one answers 409. */
  version: Generated<number>;
  /** The operator who created it (null for the seed). */
  author_id: Generated<number | null>;
  /** The operator who last sent it for review. */
  submitted_by: Generated<number | null>;
  /** The reviewer's reason for the last refusal. */
  review_note: Generated<string | null>;
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
}

/** Review before publication (`addReviewColumns`): on every table the console reviews. */
export interface ReviewColumns {
  /** Review before publication; `REVIEW_STATUSES`. */
  status: Generated<ReviewStatus>;
  /** Raised by every change an operator makes; a change made against an older one answers 409. */
  version: Generated<number>;
  /** The operator who created it (null for imports and the seed). */
  author_id: Generated<number | null>;
  /** The operator who last sent it for review. */
  submitted_by: Generated<number | null>;
  /** The reviewer's reason for the last refusal. */
  review_note: Generated<string | null>;
  /** Epoch ms of the last change (the console's order). */
  updated_at: Generated<number>;
}

export interface CoursesTable extends ReviewColumns {
  id: Generated<number>;
  site_key: string;
  category_id: number;
  teacher_id: number;
  title: string;
  summary: string;
  /** HTML. */
  introduction: string;
  /** URL path, e.g. `/files/covers/jingan-category-1-a.svg`. */
  cover: string;
  /** 0/1. */
  published: Generated<number>;
  lesson_count: Generated<number>;
  /** Total video length. */
  duration_seconds: Generated<number>;
  view_count: Generated<number>;
  learner_count: Generated<number>;
  created_at: number;
  published_at: number | null;
}

export interface CourseTagsTable {
  course_id: number;
  tag: string;
}

export interface CourseChaptersTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  sort: Generated<number>;
}

export interface CourseLessonsTable {
  id: Generated<number>;
  course_id: number;
  chapter_id: number;
  title: string;
  kind: 'video' | 'audio' | 'pdf' | 'article';
  duration_seconds: Generated<number>;
  video_url: string | null;
  article_html: string | null;
  /** Place in the whole course (across chapters), from 0. */
  sort: Generated<number>;
  /** An audio lesson's MP3 or M4A (`/media/uploads/<site>/…`). */
  audio_url: string | null;
  /** A PDF lesson's file (`/files/…`). */
  pdf_url: string | null;
  /** A PDF lesson's pages, read from its file; 0 for the other kinds. */
  page_count: Generated<number>;
}

/** The seats and times of what learners sign up for in a window (classes, activities). */
interface SignupWindowColumns {
  capacity: number;
  /** Active signups; kept within [0, capacity] by a CHECK and by conditional updates. */
  seats_taken: Generated<number>;
  signup_start: number;
  signup_end: number;
  start_at: number;
  end_at: number;
}

export interface ClassesTable extends SignupWindowColumns, ReviewColumns {
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
  id: Generated<number>;
  site_key: string;
  title: string;
  /** URL path, e.g. `/files/covers/...`. */
  cover: string;
  /** e.g. 2026年秋季 */
  term: string;
  /** e.g. 每周二 9:30-11:00 */
  schedule: string;
  place: string;
  teacher_name: string;
  /** HTML. */
  introduction: string;
  /** JSON of the signup form's fields (`SignupField[]` of the contract). */
  form_fields: string;
  /** 0/1: a signup waits for the reviewer (`pending`) before it is confirmed. */
  review_signups: Generated<number>;
  /** 0/1. */
  published: Generated<number>;
  created_at: number;
}

export interface ClassCoursesTable {
  class_id: number;
  course_id: number;
  sort: Generated<number>;
}

/**
 * What a sign-up of a class or activity keeps of its review: the reviewer's note (a refusal's
 * reason, told to the learner), who decided and when.
 */
interface SignupReviewColumns {
  review_note: string | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
}

export interface ClassSignupsTable extends SignupReviewColumns {
  id: Generated<number>;
  class_id: number;
  user_id: number;
  /** JSON of the validated answers, keyed by field key. */
  form: string;
  /** A seat (`active`, `pending` review), in line (`waiting`), `rejected` or `cancelled`. */
  status: SignupStatus;
  /** The latest time the learner signed up (a cancelled signup can be taken up again). */
  signed_up_at: number;
  created_at: number;
  updated_at: number;
}

export interface LessonProgressTable {
  user_id: number;
  lesson_id: number;
  course_id: number;
  /** Where to resume, clamped to the lesson's (media) duration. */
  position_seconds: Generated<number>;
  /** Seconds watched in total, as credited by the server. */
  watched_seconds: Generated<number>;
  /** 0/1; never goes back to 0. */
  completed: Generated<number>;
  completed_at: number | null;
  /** Server time up to which watching this lesson was credited. */
  credited_until: number;
  created_at: number;
  updated_at: number;
}

export interface CourseLearnersTable {
  user_id: number;
  course_id: number;
  last_lesson_id: number | null;
  started_at: number;
  last_studied_at: number;
  /** Set once every lesson of the course was complete. */
  completed_at: number | null;
}

export interface LearningDaysTable {
  user_id: number;
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  day: string;
  seconds: Generated<number>;
  updated_at: number;
}

/** Learning time per learner, day and kind of content (the statistics' split of `learning_days`). */
/** The dashboard's learning per site, day and kind (`all`: every kind), made by its rollup job. */
export interface StatsDaysTable {
  site_key: string;
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  day: string;
  kind: 'all' | LearningKind;
  learners: number;
  seconds: number;
}

/** The dashboard's distinct learners per site and week (by its Monday) or month (`YYYY-MM`). */
export interface StatsPeriodsTable {
  site_key: string;
  unit: 'week' | 'month';
  period: string;
  learners: number;
}

/** When the rollup job last computed a day, week or month (`day:2026-12-01`, `month:2026-12`). */
/** A learner's Web Push subscription on one device (issue 32). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  site_key: string;
  /** The push service's address for the browser. */
  endpoint: string;
  /** The browser's public key (P-256, base64url) and its auth secret. */
  p256dh: string;
  auth: string;
  finger: string | null;
  created_at: number;
}

/** A learner's write sent with an `Idempotency-Key` (issue 32): its answer once done. */
export interface RequestKeysTable {
  user_id: number;
  key: string;
  /** The route it was sent to (`POST /api/study/progress`): a key is for one write only. */
  route: string;
  /** The envelope answered, as sent; null while the write runs. */
  answer: string | null;
  created_at: number;
}

export interface StatsRollupMarksTable {
  key: string;
  computed_at: number;
}

export interface LearningTimeTable {
  user_id: number;
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  day: string;
  kind: LearningKind;
  seconds: Generated<number>;
  updated_at: number;
}

/**
 * A learner's learning totals, kept by the credit beside `learning_days`: all-time seconds, days
 * learned, and the run of consecutive days ending on `last_day` (`streak`) with the longest run.
 */
export interface LearningTotalsTable {
  user_id: number;
  seconds: Generated<number>;
  days: Generated<number>;
  /** `YYYY-MM-DD` in Asia/Shanghai: the latest day learned; null before the first. */
  last_day: string | null;
  streak: Generated<number>;
  longest: Generated<number>;
  updated_at: number;
}

export interface StudyClocksTable {
  user_id: number;
  /** Server time up to which the learner's learning time was credited, across lessons. */
  credited_until: number;
}

/** A learner's favourite; `content_type` is one of the contract's `CONTENT_TYPES`. */
export interface FavouritesTable {
  user_id: number;
  content_type: ContentType;
  content_id: number;
  site_key: string;
  created_at: number;
}

/** A learner's latest view of a piece of content (one row per content, upserted on each view). */
export interface HistoryTable {
  user_id: number;
  content_type: ContentType;
  content_id: number;
  site_key: string;
  viewed_at: number;
  view_count: Generated<number>;
}

/** One course or class as search sees it; written only by the triggers of the search migration. */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: ContentType;
  ref_id: number;
  site_key: string;
  title: string;
  /** Every searchable text of the item, space-separated (title first). */
  search_text: string;
  /** 0/1, copied from the item. */
  published: number;
  /** Learners of a course, seats taken in a class. */
  popularity: number;
  /** Publish time of a course, creation time of a class. */
  sort_time: number;
}

/**
 * Every distinct pair of adjacent characters (lower-cased, without spaces) of a search document's
 * text: the index of two-character queries. Written only by the triggers of its migration.
 */
export interface SearchBigramsTable {
  gram: string;
  document_id: number;
}

/** What a site's search finds, versioned: bumped by triggers on `search_documents`. */
export interface SearchVersionsTable {
  site_key: string;
  version: Generated<number | string>;
}

/** How often a normalised term was searched on a site (the hot terms). */
export interface SearchTermsTable {
  site_key: string;
  term: string;
  count: Generated<number>;
  updated_at: number;
}

/** Who runs activities on a site, e.g. 静安区图书馆. */
export interface OrganisersTable {
  id: Generated<number>;
  site_key: string;
  name: string;
}

/** A user allowed to act for an organiser (check learners in at its activities). */
export interface OrganiserStaffTable {
  organiser_id: number;
  user_id: number;
}

/** An activity (活动); kind `特色活动` is a special activity with an attachment rule. */
export interface ActivitiesTable extends SignupWindowColumns, ReviewColumns {
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
  id: Generated<number>;
  site_key: string;
  organiser_id: number;
  /** One of the contract's `ACTIVITY_KINDS` (a CHECK holds it). */
  kind: ActivityKind;
  title: string;
  /** URL path, e.g. `/files/covers/activity-1-1.svg`. */
  cover: string;
  place: string;
  /** A learning-map place (no table yet, so no foreign key). */
  map_place_id: number | null;
  contact: string;
  /** HTML. */
  description: string;
  /** JSON of the signup form's fields (`SignupField[]` of the contract). */
  form_fields: string;
  /** JSON of the contract's `AttachmentRule`, special activities only. */
  attachment_rule: string | null;
  /** 0/1: an application waits for the reviewer (`pending`) before it is confirmed. */
  review_signups: Generated<number>;
  /** 0/1. */
  published: Generated<number>;
  created_at: number;
}

export interface ActivityApplicationsTable extends SignupReviewColumns {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  /** JSON of the validated answers, keyed by field key. */
  form: string;
  /** A seat (`active`, `pending` review), in line (`waiting`), `rejected` or `cancelled`. */
  status: SignupStatus;
  /** Random base64url (>= 128 bits) shown as a QR at the door; null once cancelled. */
  checkin_code: string | null;
  checked_in_at: number | null;
  /** The latest time the learner applied (a cancelled application can be taken up again). */
  applied_at: number;
  created_at: number;
  updated_at: number;
}

/** A file uploaded with an application, stored in the upload store under `storage_key`. */
export interface ActivityAttachmentsTable {
  id: Generated<number>;
  application_id: number;
  /** The owner, the only one it is served to. */
  user_id: number;
  /** The name the file had on the phone (shown only). */
  name: string;
  /** Detected from the content. */
  mime: string;
  size: number;
  storage_key: string;
  created_at: number;
}

export interface EbookCategoriesTable {
  id: Generated<number>;
  site_key: string;
  name: string;
  sort: Generated<number>;
}

/** An e-book (电子书): its catalogue data and its PDF under `/files/ebooks/`. */
export interface EbooksTable extends ReviewColumns {
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
  id: Generated<number>;
  site_key: string;
  category_id: number;
  title: string;
  author: string;
  publisher: string;
  published_year: number;
  isbn: string;
  /** Plain text paragraphs separated by blank lines. */
  introduction: string;
  /** Pages of the PDF (at least 1). */
  page_count: number;
  /** URL path of a 3:4 cover, e.g. `/files/covers/ebook-jingan-001.svg`. */
  cover: string;
  /** URL path of the PDF, e.g. `/files/ebooks/jingan-001.pdf`. */
  pdf_path: string;
  /** Bytes of the PDF. */
  file_size: number;
  /** 0/1. */
  published: Generated<number>;
  created_at: number;
  /** Whether the PDF's text is extracted for search (`EBOOK_TEXT_STATES`). */
  text_state: Generated<'none' | 'pending' | 'ready' | 'scanned' | 'failed'>;
  /** The PDF's pages' text, joined (bounded), indexed by the book's search document. */
  page_text: Generated<string>;
}

/** A learner's place in a book they opened (one row per learner and book, upserted). */
export interface EbookReadingTable {
  user_id: number;
  ebook_id: number;
  /** The last page reported, from 1, within the book. */
  page: number;
  started_at: number;
  updated_at: number;
}

/** A topic (专题) of a site, at `/zhuanti/<slug>`. */
export interface TopicsTable extends ReviewColumns {
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
  id: Generated<number>;
  site_key: string;
  /** e.g. `2024/jtjy` */
  slug: string;
  title: string;
  subtitle: string;
  /** URL path of a wide banner image. */
  banner: string;
  /** Plain text. */
  introduction: string;
  /** 0/1. */
  published: Generated<number>;
  sort: Generated<number>;
  created_at: number;
}

/** A section of a topic: the topic's tagged content of one area, at most `item_limit` shown. */
export interface TopicSectionsTable {
  id: Generated<number>;
  topic_id: number;
  kind: 'courses' | 'activities' | 'ebooks';
  title: string;
  sort: Generated<number>;
  item_limit: number;
}

/** A piece of content tagged with a topic. */
export interface TopicItemsTable {
  topic_id: number;
  content_type: 'course' | 'activity' | 'ebook';
  content_id: number;
  sort: Generated<number>;
}

/** A live channel (直播频道) of a site, e.g. 静安区社区学院直播间. */
export interface LiveChannelsTable {
  id: Generated<number>;
  site_key: string;
  name: string;
  /** URL path of a 16:9 cover. */
  cover: string;
  /** Plain text. */
  introduction: string;
  sort: Generated<number>;
  /** 0/1. */
  published: Generated<number>;
}

/** A live session (课程直播): upcoming, live or ended by its times (`liveStateAt`). */
export interface LiveSessionsTable extends ReviewColumns {
  /** Epoch ms of its first publication; null until then. */
  published_at: Generated<number | null>;
  id: Generated<number>;
  site_key: string;
  channel_id: number;
  title: string;
  /** URL path of a 16:9 cover. */
  cover: string;
  speaker: string;
  /** e.g. 复旦大学历史系教授 */
  speaker_title: string;
  /** Rich HTML, returned as stored. */
  introduction: string;
  /** Epoch ms. */
  starts_at: number;
  /** Epoch ms, after `starts_at`. */
  ends_at: number;
  /** The stream while live; null when not set yet. */
  stream_url: string | null;
  /** The replay once ended; null when there is none. */
  replay_url: string | null;
  /** The related course, if any. */
  course_id: number | null;
  /** 0/1. */
  published: Generated<number>;
  created_at: number;
}

/** A learner's reservation of a session (one row per learner and session). */
export interface LiveReservationsTable {
  user_id: number;
  session_id: number;
  created_at: number;
}

/** Who watches a live session now: one row per session and viewer, `last_seen` by heartbeat. */
export interface LiveViewersTable {
  session_id: number;
  /** `u:<user id>` for a learner, `d:<device key>` for a visitor. */
  viewer_key: string;
  last_seen: number;
}

/** A learner's watching of a live session or its replay. */
export interface LiveWatchingTable {
  user_id: number;
  session_id: number;
  /** Where the replay resumes. */
  position_seconds: Generated<number>;
  /** Seconds watched in total, as credited by the server. */
  watched_seconds: Generated<number>;
  /** Server time up to which watching this session was credited. */
  credited_until: number;
  created_at: number;
  updated_at: number;
}

/** What an article is: 资讯, 通知, 公告, 风采, 展示 or 讲座访谈 (one list page each). */
export type ArticleKindValue = 'news' | 'info' | 'notice' | 'fengcai' | 'zanshi' | 'talk';

/** A channel of a site's articles of one kind (e.g. the tabs of 资讯). */
export interface ArticleChannelsTable {
  id: Generated<number>;
  site_key: string;
  kind: ArticleKindValue;
  name: string;
  sort: Generated<number>;
}

/** An article: plain-text title and summary, a sanitized HTML body, maybe a PDF attachment. */
export interface ArticlesTable extends ReviewColumns {
  id: Generated<number>;
  site_key: string;
  channel_id: number;
  /** The channel's kind (kept on the row for the lists' index). */
  kind: ArticleKindValue;
  /** Plain text, never HTML. */
  title: string;
  /** Plain text. */
  summary: string;
  /** URL path of a 4:3 cover, or null. */
  cover: string | null;
  /** The author or source shown under the title, e.g. 静安区社区学院. */
  source: string;
  /** Sanitized by `sanitizeArticleHtml` before it is stored. */
  body_html: string;
  /** URL path of a PDF, e.g. `/files/articles/jingan-notice-1.pdf`, or null. */
  attachment_url: string | null;
  attachment_name: string | null;
  /** 0/1: pinned articles come first. */
  pinned: Generated<number>;
  view_count: Generated<number>;
  /** 0/1: shown to learners; 1 exactly when `status` is `published`. */
  published: Generated<number>;
  published_at: number;
  created_at: number;
  /** 0/1: on its first publication every learner of the site gets it as a notice. */
  notify: Generated<number>;
}

/** A learner has read an article (one row per learner and article). */
export interface ArticleReadsTable {
  user_id: number;
  article_id: number;
  read_at: number;
}

/** What a message is about: a signup, a check-in, a reminder, or a notice to everyone. */
export type MessageKindValue =
  | 'signup'
  | 'checkin'
  | 'reminder'
  | 'notice'
  | 'medal'
  | 'team'
  | 'delivery';

/** A learner's message (`user_id` set) or a notice to everyone on the site (`user_id` null). */
export interface MessagesTable {
  id: Generated<number>;
  site_key: string;
  user_id: number | null;
  kind: MessageKindValue;
  title: string;
  /** Plain text. */
  body: string;
  /** The occurrence it reports (`class.signup:12:...`, `reminder:7`), unique per learner. */
  dedupe_key: string;
  /** What it links to (`class`, `activity`, `live`, `article`), with `link_id`. */
  link_type: string | null;
  link_id: number | null;
  created_at: number;
  /** When the learner read it (own messages only; notices use `message_reads`). */
  read_at: number | null;
  /** The staff's notice (群发消息) this is a learner's copy of, else null. */
  campaign_id: Generated<number | null>;
}

/** A notice the staff wrote to learners (群发消息), its audience, time, state and counts. */
export interface MessageCampaignsTable {
  id: Generated<number>;
  site_key: string;
  title: string;
  body: string;
  audience: CampaignAudienceType;
  /** The participants' item kind (`item` audiences), else null. */
  item_kind: ParticipantKind | null;
  /** The item's or team's id, else null. */
  audience_id: number | null;
  /** What the audience was called when written (班级「…」的报名学员). */
  audience_label: string;
  send_at: number;
  state: CampaignState;
  /** Learners it went to, once sent. */
  recipients: number | null;
  /** A notice to the whole site: its one row in `messages`. */
  notice_id: number | null;
  created_by: number | null;
  author: string;
  created_at: number;
  sent_at: number | null;
}

/** A notice a learner has read. */
export interface MessageReadsTable {
  user_id: number;
  message_id: number;
  read_at: number;
}

/** "All read up to": a learner's notices of the site created until then count as read. */
export interface MessageMarksTable {
  user_id: number;
  site_key: string;
  read_all_at: number;
}

/** A reminder due at `due_at`, claimed and sent once by the due-time job. */
export interface MessageRemindersTable {
  id: Generated<number>;
  site_key: string;
  user_id: number;
  /** `live`, `class` or `activity`. */
  subject_type: string;
  subject_id: number;
  subject_title: string;
  /** How long before the event: 1440 (a day) or 60 (an hour). */
  lead_minutes: number;
  event_at: number;
  due_at: number;
  created_at: number;
  /** The runner holding it until `claim_expires_at` (a lease a crashed runner loses). */
  claimed_by: string | null;
  claim_expires_at: number | null;
  done_at: number | null;
  outcome: 'sent' | 'missed' | 'cancelled' | null;
}

/** What a medal rule counts (`team_works`: the learner's team works that are not deleted). */
export type MedalMetricValue =
  | 'courses_completed'
  | 'streak_days'
  | 'learning_hours'
  | 'activities_attended'
  | 'books_finished'
  | 'live_watched'
  | 'team_works';

/** A medal: awarded when the learner's `metric` reaches `threshold` (rules are data). */
export interface MedalRulesTable {
  key: string;
  name: string;
  description: string;
  /** The badge's picture name (the web draws one per metric). */
  icon: string;
  metric: MedalMetricValue;
  threshold: number;
  sort: number;
  /** Raised by each change in the console (`20261130_1430`). */
  version: Generated<number>;
  updated_at: Generated<number>;
}

/** A medal a learner earned, once (unique per learner and medal). */
export interface LearnerMedalsTable {
  id: Generated<number>;
  user_id: number;
  /** The site the learner earned it on (where its message went). */
  site_key: string;
  medal_key: string;
  earned_at: number;
}

/** A certificate of a completed course or finished class, once per learner and subject. */
export interface CertificatesTable {
  id: Generated<number>;
  user_id: number;
  site_key: string;
  subject_type: 'course' | 'class';
  subject_id: number;
  /** The subject's title when the certificate was made. */
  title: string;
  /** The study hours it certifies, in seconds. */
  seconds: number;
  completed_at: number;
  /** Random, unguessable, unique: anyone holding it can verify the certificate. */
  code: string;
  created_at: number;
}

/** A points rule (data): points per unit of the deed and the most units a day earns. */
export interface PointsRulesTable {
  key: string;
  name: string;
  /** What a unit is, in Chinese (次, 分钟, 个...). */
  unit: string;
  points_per_unit: number;
  daily_cap: number;
  sort: number;
  active: number;
  /** Raised by each change in the console (`20261130_1430`). */
  version: Generated<number>;
  updated_at: Generated<number>;
}

/** One award (+) or deduction (-): append-only (triggers refuse UPDATE and DELETE). */
export interface PointsLedgerTable {
  id: Generated<number>;
  site_key: string;
  user_id: number;
  rule_key: string;
  amount: number;
  /** The learner's balance on the site right after this row. */
  balance_after: number;
  /** What was learned: `lesson`, `course`, `activity`, `ebook`, `article`, `login`, `study`. */
  source_type: string;
  source_id: number | null;
  title: string;
  /** The date in Asia/Shanghai it counts for (YYYY-MM-DD). */
  day: string;
  idempotency_key: string;
  created_at: number;
}

/** A learner's balance on a site, always the sum of their ledger rows there. */
export interface PointsBalancesTable {
  user_id: number;
  site_key: string;
  balance: number;
  updated_at: number;
}

/** Units of a rule awarded to a learner on a day (the daily cap holds on this row). */
export interface PointsDailyTable {
  user_id: number;
  site_key: string;
  rule_key: string;
  day: string;
  units: number;
}

/** When a learner last opened an article (the read-end award checks the time since). */
export interface ArticleOpensTable {
  user_id: number;
  article_id: number;
  opened_at: number;
}

/** An account at an external identity provider bound to a learner's account. */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** Which provider (`external`: the configured 统一身份认证). */
  provider: string;
  /** The provider's stable id of the person. */
  subject: string;
  display_name: string | null;
  bound_at: number;
}

/** How many live teams a site has, kept by triggers on `teams`. */
export interface TeamCountsTable {
  site_key: string;
  live: Generated<number>;
}

/** A learning team; `seats_taken` counts its active members (the leader among them). */
export interface TeamsTable {
  id: Generated<number>;
  site_key: string;
  name: string;
  avatar: string | null;
  intro: Generated<string>;
  join_mode: 'open' | 'approval' | 'code';
  invite_code: string;
  leader_id: number;
  /** The member limit. */
  capacity: number;
  seats_taken: Generated<number>;
  /** The latest time something happened in the team (a join, a work...), for 最活跃. */
  last_active_at: number;
  created_at: number;
  updated_at: number;
  dissolved_at: number | null;
  /** When the invitation code stops working; null for one that does not expire. */
  invite_expires_at: number | null;
}

/** A place of the learning map (see migration 20261128_0900). Coordinates are WGS-84. */
/** A visit programme (参观项目) of an experience base (a `map_places` row of category `base`). */
export interface BaseProgrammesTable extends ReviewState {
  id: Generated<number>;
  place_id: number;
  /** Its base's site (`20261130_1410_review_base_programmes`). */
  site_key: string;
  /** 0/1: learners see it and book its slots (kept with `status` by the review). */
  published: Generated<number>;
  title: string;
  intro: Generated<string>;
  duration_minutes: number;
  /** Who it suits, e.g. 老年学员、亲子家庭. */
  audience: string;
  /** The largest party one booking may bring. */
  max_party: number;
  position: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A visit slot of a programme; its seats are kept by `modules/seats`. */
export interface BaseSlotsTable {
  id: Generated<number>;
  programme_id: number;
  start_at: number;
  end_at: number;
  capacity: number;
  seats_taken: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A learner's booking of a slot for a party (one row per slot and learner). */
export interface BaseBookingsTable {
  id: Generated<number>;
  slot_id: number;
  user_id: number;
  party_size: number;
  contact_name: string;
  contact_phone: string;
  status: 'active' | 'cancelled';
  booked_at: number;
  created_at: number;
  updated_at: number;
}

/** A humanities walk (人文行走) route. */
export interface WalksTable extends ReviewState {
  id: Generated<number>;
  site_key: string;
  title: string;
  /** Sanitized rich HTML. */
  intro: Generated<string>;
  cover: string | null;
  distance_m: number;
  duration_minutes: number;
  published: Generated<number>;
  position: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A stop of a walk, in order: a `map_places` row of category `walk`, with its story. */
export interface WalkStopsTable {
  id: Generated<number>;
  walk_id: number;
  place_id: number;
  /** 1-based order along the route. */
  position: number;
  story: Generated<string>;
}

/** A guided session of a walk; its seats are kept by `modules/seats`. */
export interface WalkSessionsTable {
  id: Generated<number>;
  walk_id: number;
  start_at: number;
  end_at: number;
  meeting_point: string;
  guide: string;
  capacity: number;
  seats_taken: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A learner's signup for a guided session (one row per session and learner). */
export interface WalkSignupsTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  status: 'active' | 'cancelled';
  signed_at: number;
  created_at: number;
  updated_at: number;
}

/** A learner's check-in at a stop (once per stop), with the reported WGS-84 position. */
export interface WalkCheckinsTable {
  id: Generated<number>;
  walk_id: number;
  stop_id: number;
  user_id: number;
  lat: number;
  lng: number;
  /** Metres from the reported position to the stop. */
  distance_m: number;
  checked_at: number;
}

export interface MapPlacesTable extends ReviewState {
  id: Generated<number>;
  site_key: string;
  category: 'point' | 'school' | 'base' | 'walk';
  /** The kind's name shown to learners: 学习点, 社区学校, 老年大学, 老年大学分校, 体验基地, 人文行走点. */
  kind: string;
  /** The school a branch belongs to. */
  parent_id: number | null;
  name: string;
  /** The street (街道) the place is in. */
  street: string;
  address: string;
  lat: number;
  lng: number;
  phone: Generated<string>;
  /** Weekly opening hours, JSON `[{ days: [1..7], open: 'HH:mm', close: 'HH:mm' }]` (Asia/Shanghai). */
  hours: Generated<string>;
  /** Sanitized rich HTML. */
  intro: Generated<string>;
  cover: string | null;
  /** JSON array of image paths. */
  photos: Generated<string>;
  published: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A course taught at a place of the map, in the place's order. */
export interface MapPlaceCoursesTable {
  place_id: number;
  course_id: number;
  sort: number;
}

/** A class a school (a place of the map) runs, in the place's order. */
export interface MapPlaceClassesTable {
  place_id: number;
  class_id: number;
  sort: number;
}

/** A learning project (学习项目) of a place. */
export interface MapPlaceProjectsTable {
  id: Generated<number>;
  place_id: number;
  title: string;
  /** Sanitized rich HTML. */
  intro: string;
  /** e.g. 2026年3月-6月. */
  period: string;
  status: 'recruiting' | 'running' | 'finished';
  sort: number;
  cover: string | null;
  published: Generated<number>;
  created_at: number;
}

/** A learner's request to join a team that takes members by approval. */
export interface TeamRequestsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  status: 'pending' | 'approved' | 'refused' | 'withdrawn';
  message: Generated<string>;
  created_at: number;
  decided_at: number | null;
}

/** A learner's membership of a team; leaving or removal cancels it (seat keeping's signup row). */
export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  status: 'active' | 'cancelled';
  /** The latest time the learner joined. */
  joined_at: number;
  created_at: number;
  updated_at: number;
}

/** A team work (团队作品): a member's plain text with up to 9 pictures; deleted ones keep their row. */
export interface TeamWorksTable {
  id: Generated<number>;
  team_id: number;
  author_id: number;
  /** Plain text (tags stripped on the way in). */
  body: string;
  /** 0/1: the leader featured it (精选), listed first. */
  featured: Generated<number>;
  featured_at: number | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  image_count: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A picture of a team work: WebP files in the file store's `files/team-works`, in order `sort` 0..8. */
export interface TeamWorkImagesTable {
  id: Generated<number>;
  work_id: number;
  sort: number;
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
}

/** A learner's like of a work, once (primary key (work, user)). */
export interface TeamWorkLikesTable {
  work_id: number;
  user_id: number;
  created_at: number;
}

/** A comment on a team work (plain text). */
export interface TeamWorkCommentsTable {
  id: Generated<number>;
  work_id: number;
  author_id: number;
  body: string;
  created_at: number;
}

/** Points a learner earned on a site in a period (`all`, `m2026-11`, `w2026-11-23`). */
export interface PointsTotalsTable {
  site_key: string;
  period: string;
  user_id: number;
  points: number;
  updated_at: number;
}

/** How many learners of a site have exactly `points` in a period (their rank's histogram). */
export interface PointsHistogramTable {
  site_key: string;
  period: string;
  points: number;
  learners: number;
}

/** Points a team's members earned in a period while they were its members. */
export interface TeamPointsTotalsTable {
  site_key: string;
  period: string;
  team_id: number;
  points: number;
  updated_at: number;
}

/** A course, class, activity or e-book a team's leader linked to the team. */
export interface TeamResourcesTable {
  id: Generated<number>;
  team_id: number;
  kind: 'course' | 'class' | 'activity' | 'ebook';
  resource_id: number;
  linked_by: number;
  created_at: number;
}

/** How many resources a team has linked (a CHECK holds the limit). */
export interface TeamResourceCountsTable {
  team_id: number;
  linked: number;
}

/** A deliverable resource (资源配送): a lecturer, a course taught on site, a kit, an exhibition. */
export interface DeliveryResourcesTable extends ReviewState {
  id: Generated<number>;
  site_key: string;
  kind: DeliveryKind;
  title: string;
  /** Sanitized HTML. */
  intro: Generated<string>;
  cover: string;
  /** JSON array of strings. */
  tags: Generated<string>;
  audience_min: number;
  audience_max: number;
  room: Generated<string>;
  equipment: Generated<string>;
  /** Days of notice a request needs. */
  lead_days: number;
  lecturer_name: string | null;
  lecturer_title: string | null;
  /** JSON array of strings. */
  lecturer_topics: Generated<string>;
  published: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A learner's request for a deliverable resource; its status moves by conditional updates. */
export interface DeliveryRequestsTable {
  id: Generated<number>;
  site_key: string;
  resource_id: number;
  user_id: number;
  status: DeliveryStatus;
  /** The requested date, `YYYY-MM-DD` (Asia/Shanghai). */
  day: string;
  address: string;
  audience: number;
  organisation: string;
  contact_name: string;
  contact_phone: string;
  note: Generated<string>;
  scheduled_at: number | null;
  scheduled_place: string | null;
  reason: string | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One change of a delivery request: the status reached, by whom, when, and its note. */
export interface DeliveryRequestHistoryTable {
  id: Generated<number>;
  request_id: number;
  status: DeliveryStatus;
  actor: DeliveryActor;
  actor_id: number | null;
  note: Generated<string>;
  created_at: number;
}

/** Who handles a site's delivery requests. */
export interface DeliveryStaffTable {
  site_key: string;
  user_id: number;
}

/** A role an account holds on a site (超级管理员: on every site, `site_key` null). */
export interface OperatorRolesTable {
  id: Generated<number>;
  user_id: number;
  site_key: string | null;
  role: OperatorRole;
  granted_at: number;
  granted_by: number | null;
}

/** One change an operator made; append-only (the database refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  site_key: string | null;
  actor_id: number;
  /** The operator's nickname at the time. */
  actor_name: string;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number | null;
  summary: string;
  /** JSON of the record before and after the change. */
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: number;
}

/** The waiting edit of a published record: its form as JSON, until approved or dropped. */
export interface ContentEditsTable {
  id: Generated<number>;
  site_key: string;
  entity: AuditEntity;
  entity_id: number;
  data: string;
  status: 'draft' | 'pending' | 'rejected';
  author_id: number | null;
  submitted_by: number | null;
  note: string | null;
  created_at: number;
  updated_at: number;
}

/** A reviewer's decision to publish a record waiting for review at a time to come. */
export interface PublishScheduleTable {
  id: Generated<number>;
  site_key: string;
  entity: AuditEntity;
  entity_id: number;
  /** Epoch ms. */
  publish_at: number;
  reviewer_id: number;
  created_at: number;
}

/** A banner of the site's home an operator made, reviewed before publication (`20261130_1440`). */
export interface HomeBannersTable extends ReviewColumns {
  id: Generated<number>;
  site_key: string;
  title: string;
  /** The small tag on the slide (专题, 活动报名...). */
  label: string;
  image: string;
  /** What it opens: `HOME_BANNER_LINK_KINDS`. */
  link_kind: string;
  link_id: number | null;
  /** A topic's slug. */
  link_slug: string | null;
  /** Epoch ms after which home no longer shows it; null: until taken down. */
  ends_at: number | null;
  position: Generated<number>;
  published: Generated<number>;
  published_at: Generated<number | null>;
  created_at: number;
}

/** A site's home as its staff arranged it (`20261130_1440`); no row: the default. */
export interface SiteHomeTable {
  site_key: string;
  /** JSON: the entries' keys in their order; those left out are hidden. */
  entries: string;
  /** 1: slides drawn from the site's content follow the staff's own banners. */
  fill_banners: Generated<number>;
  version: Generated<number>;
  updated_at: number;
}

/** A background job of the SQLite queue (`platform/jobs/sqlite-job-queue.ts`; SQLite only). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** The payload as JSON. */
  payload: string;
  dedupe_key: string | null;
  state: 'queued' | 'running' | 'retry' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_after: number;
  runner: string | null;
  lease_until: number | null;
  progress: number | null;
  note: string | null;
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** The text of one page of an e-book's PDF, as its extraction job read it (search finds the page). */
export interface EbookPagesTable {
  ebook_id: number;
  page: number;
  text: string;
}

/** The HLS ladder the media pipeline makes of an uploaded lesson video (keyed by its address). */
export interface VideoLaddersTable {
  source_url: string;
  site_key: string;
  state: VideoLadderState;
  reason: string | null;
  job_id: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  /** The heights made, e.g. `360,540,720`. */
  rungs: Generated<string>;
  hls_url: string | null;
  audio_url: string | null;
  poster_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  video_ladders: VideoLaddersTable;
  ebook_pages: EbookPagesTable;
  jobs: JobsTable;
  home_banners: HomeBannersTable;
  site_home: SiteHomeTable;
  operator_roles: OperatorRolesTable;
  audit_log: AuditLogTable;
  content_edits: ContentEditsTable;
  publish_schedule: PublishScheduleTable;
  sites: SitesTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  teams: TeamsTable;
  team_counts: TeamCountsTable;
  map_places: MapPlacesTable;
  delivery_resources: DeliveryResourcesTable;
  delivery_requests: DeliveryRequestsTable;
  delivery_request_history: DeliveryRequestHistoryTable;
  delivery_staff: DeliveryStaffTable;
  base_programmes: BaseProgrammesTable;
  base_slots: BaseSlotsTable;
  base_bookings: BaseBookingsTable;
  walks: WalksTable;
  walk_stops: WalkStopsTable;
  walk_sessions: WalkSessionsTable;
  walk_signups: WalkSignupsTable;
  walk_checkins: WalkCheckinsTable;
  map_place_courses: MapPlaceCoursesTable;
  map_place_classes: MapPlaceClassesTable;
  map_place_projects: MapPlaceProjectsTable;
  team_members: TeamMembersTable;
  team_requests: TeamRequestsTable;
  team_works: TeamWorksTable;
  team_work_images: TeamWorkImagesTable;
  team_work_likes: TeamWorkLikesTable;
  team_work_comments: TeamWorkCommentsTable;
  points_totals: PointsTotalsTable;
  points_histogram: PointsHistogramTable;
  team_points_totals: TeamPointsTotalsTable;
  team_resources: TeamResourcesTable;
  team_resource_counts: TeamResourceCountsTable;
  sessions: SessionsTable;
  login_tickets: LoginTicketsTable;
  phone_codes: PhoneCodesTable;
  course_categories: CourseCategoriesTable;
  teachers: TeachersTable;
  courses: CoursesTable;
  course_tags: CourseTagsTable;
  course_chapters: CourseChaptersTable;
  course_lessons: CourseLessonsTable;
  classes: ClassesTable;
  class_courses: ClassCoursesTable;
  class_signups: ClassSignupsTable;
  lesson_progress: LessonProgressTable;
  course_learners: CourseLearnersTable;
  learning_days: LearningDaysTable;
  learning_totals: LearningTotalsTable;
  learning_time: LearningTimeTable;
  stats_days: StatsDaysTable;
  stats_periods: StatsPeriodsTable;
  stats_rollup_marks: StatsRollupMarksTable;
  request_keys: RequestKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  study_clocks: StudyClocksTable;
  favourites: FavouritesTable;
  history: HistoryTable;
  search_documents: SearchDocumentsTable;
  search_terms: SearchTermsTable;
  search_versions: SearchVersionsTable;
  search_bigrams: SearchBigramsTable;
  organisers: OrganisersTable;
  organiser_staff: OrganiserStaffTable;
  activities: ActivitiesTable;
  activity_applications: ActivityApplicationsTable;
  activity_attachments: ActivityAttachmentsTable;
  ebook_categories: EbookCategoriesTable;
  ebooks: EbooksTable;
  ebook_reading: EbookReadingTable;
  topics: TopicsTable;
  topic_sections: TopicSectionsTable;
  topic_items: TopicItemsTable;
  live_channels: LiveChannelsTable;
  live_sessions: LiveSessionsTable;
  live_reservations: LiveReservationsTable;
  live_viewers: LiveViewersTable;
  live_watching: LiveWatchingTable;
  article_channels: ArticleChannelsTable;
  articles: ArticlesTable;
  article_reads: ArticleReadsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  message_marks: MessageMarksTable;
  message_reminders: MessageRemindersTable;
  medal_rules: MedalRulesTable;
  learner_medals: LearnerMedalsTable;
  site_learners: SiteLearnersTable;
  message_campaigns: MessageCampaignsTable;
  certificates: CertificatesTable;
  points_rules: PointsRulesTable;
  points_ledger: PointsLedgerTable;
  points_balances: PointsBalancesTable;
  points_daily: PointsDailyTable;
  article_opens: ArticleOpensTable;
}

export type SiteRow = Selectable<SitesTable>;
export type NewSiteRow = Insertable<SitesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type NewAuditRow = Insertable<AuditLogTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type LoginTicketRow = Selectable<LoginTicketsTable>;
export type CourseCategoryRow = Selectable<CourseCategoriesTable>;
export type NewCourseCategoryRow = Insertable<CourseCategoriesTable>;
export type TeacherRow = Selectable<TeachersTable>;
export type NewTeacherRow = Insertable<TeachersTable>;
export type CourseRow = Selectable<CoursesTable>;
export type NewCourseRow = Insertable<CoursesTable>;
export type NewCourseTagRow = Insertable<CourseTagsTable>;
export type CourseChapterRow = Selectable<CourseChaptersTable>;
export type NewCourseChapterRow = Insertable<CourseChaptersTable>;
export type CourseLessonRow = Selectable<CourseLessonsTable>;
export type NewCourseLessonRow = Insertable<CourseLessonsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type NewClassRow = Insertable<ClassesTable>;
export type NewClassCourseRow = Insertable<ClassCoursesTable>;
export type ClassSignupRow = Selectable<ClassSignupsTable>;
export type NewClassSignupRow = Insertable<ClassSignupsTable>;
export type LessonProgressRow = Selectable<LessonProgressTable>;
export type NewLessonProgressRow = Insertable<LessonProgressTable>;
export type NewCourseLearnerRow = Insertable<CourseLearnersTable>;
export type NewEbookReadingRow = Insertable<EbookReadingTable>;
export type CourseLearnerRow = Selectable<CourseLearnersTable>;
export type LearningDayRow = Selectable<LearningDaysTable>;
export type NewLearningDayRow = Insertable<LearningDaysTable>;
export type NewLearningTimeRow = Insertable<LearningTimeTable>;
export type FavouriteRow = Selectable<FavouritesTable>;
export type HistoryRow = Selectable<HistoryTable>;
export type OrganiserRow = Selectable<OrganisersTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type NewActivityRow = Insertable<ActivitiesTable>;
export type ActivityApplicationRow = Selectable<ActivityApplicationsTable>;
export type NewActivityApplicationRow = Insertable<ActivityApplicationsTable>;
export type ActivityAttachmentRow = Selectable<ActivityAttachmentsTable>;
export type NewActivityAttachmentRow = Insertable<ActivityAttachmentsTable>;
export type EbookCategoryRow = Selectable<EbookCategoriesTable>;
export type NewEbookCategoryRow = Insertable<EbookCategoriesTable>;
export type EbookRow = Selectable<EbooksTable>;
export type NewEbookRow = Insertable<EbooksTable>;
export type EbookReadingRow = Selectable<EbookReadingTable>;
export type TopicRow = Selectable<TopicsTable>;
export type NewTopicRow = Insertable<TopicsTable>;
export type NewTopicSectionRow = Insertable<TopicSectionsTable>;
export type NewTopicItemRow = Insertable<TopicItemsTable>;
export type LiveChannelRow = Selectable<LiveChannelsTable>;
export type NewLiveChannelRow = Insertable<LiveChannelsTable>;
export type LiveSessionRow = Selectable<LiveSessionsTable>;
export type NewLiveSessionRow = Insertable<LiveSessionsTable>;
export type LiveReservationRow = Selectable<LiveReservationsTable>;
export type ArticleChannelRow = Selectable<ArticleChannelsTable>;
export type NewArticleChannelRow = Insertable<ArticleChannelsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticleRow = Insertable<ArticlesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;
export type MessageReminderRow = Selectable<MessageRemindersTable>;
export type NewMessageReminderRow = Insertable<MessageRemindersTable>;
export type MedalRuleRow = Selectable<MedalRulesTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type PointsRuleRow = Selectable<PointsRulesTable>;
export type PointsLedgerRow = Selectable<PointsLedgerTable>;
export type NewPointsLedgerRow = Insertable<PointsLedgerTable>;
export type MapPlaceRow = Selectable<MapPlacesTable>;
export type NewMapPlaceRow = Insertable<MapPlacesTable>;
export type BaseProgrammeRow = Selectable<BaseProgrammesTable>;
export type BaseSlotRow = Selectable<BaseSlotsTable>;
export type BaseBookingRow = Selectable<BaseBookingsTable>;
export type WalkRow = Selectable<WalksTable>;
export type NewWalkRow = Insertable<WalksTable>;
export type WalkStopRow = Selectable<WalkStopsTable>;
export type WalkSessionRow = Selectable<WalkSessionsTable>;
export type WalkCheckinRow = Selectable<WalkCheckinsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type NewTeamRow = Insertable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type TeamRequestRow = Selectable<TeamRequestsTable>;
export type TeamWorkRow = Selectable<TeamWorksTable>;
export type TeamWorkImageRow = Selectable<TeamWorkImagesTable>;
export type NewTeamWorkImageRow = Insertable<TeamWorkImagesTable>;
export type TeamWorkCommentRow = Selectable<TeamWorkCommentsTable>;
export type DeliveryResourceRow = Selectable<DeliveryResourcesTable>;
export type NewDeliveryResourceRow = Insertable<DeliveryResourcesTable>;
export type DeliveryRequestRow = Selectable<DeliveryRequestsTable>;
export type NewDeliveryRequestRow = Insertable<DeliveryRequestsTable>;
export type NewMapPlaceProjectRow = Insertable<MapPlaceProjectsTable>;
