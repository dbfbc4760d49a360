import { randomBytes } from 'node:crypto';
import type {
  Achievements,
  Certificate,
  CertificateVerification,
  Medal,
  MedalList,
  Milestone,
} from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { CertificateRow, Database, MedalRuleRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { ShortCache } from '../../platform/short-cache.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
import { findLearningTotals } from '../statistics/statistics.queries.ts';
import { dayKey } from '../study/study.rules.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { metricValue } from './medals.awards.ts';
import {
  countLearnerMedals,
  findCertificateByCode,
  findNthCourseCompletion,
  findOwnCertificate,
  insertCertificate,
  listCertificates,
  listCompletedCoursesWithoutCertificate,
  listFinishedClassesWithoutCertificate,
  listLearnerMedals,
  listMedalRules,
} from './medals.queries.ts';
import { maskName, tenthHours, wholeHours } from './medals.rules.ts';

/** Verification lookups allowed per address in the window (codes are not for guessing). */
export const VERIFY_LIMIT = RateLimits.certificateVerify.max;

export const MedalMessages = {
  medalNotFound: '勋章不存在',
  certificateNotFound: '证书不存在',
};

/** A new verification code: 80 random bits in Crockford-like base32 (no 0/O, 1/I). */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
}

/** `2026年11月26日` in Asia/Shanghai. */
function chineseDate(ms: number): string {
  const [year, month, day] = dayKey(ms).split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

const subjectLabel = (type: 'course' | 'class') => (type === 'course' ? '课程' : '班级');

function toCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    title: row.title,
    hours: tenthHours(Number(row.seconds)),
    completedAt: isoTime(row.completed_at),
    code: row.code,
  };
}

/** The milestones of a learner's path, with the metric each one measures. */
/**
 * How long the medal rules are reused: they change only when the network edits them (the seed,
 * later the console), and every visit of 勋章 reads them all.
 */
export const RULES_CACHE_MS = 60_000;

const MILESTONES = [
  {
    key: 'first-course',
    title: '完成第一门课程',
    description: '学完一门课程的全部课时',
    target: 1,
  },
  {
    key: 'hours-100',
    title: '累计学习 100 小时',
    description: '课程与直播的有效学习时长',
    target: 100,
  },
  {
    key: 'streak-30',
    title: '连续学习 30 天',
    description: '每天都有学习记录，连续 30 天',
    target: 30,
  },
  {
    key: 'courses-10',
    title: '完成 10 门课程',
    description: '学完 10 门课程的全部课时',
    target: 10,
  },
] as const;

/**
 * Medals and achievements of a learner: the medal wall (earned and locked with progress), the
 * milestones, certificates of completed courses and finished classes (made once each, with a
 * random verification code), their PDFs, and the public check of a code.
 */
export class MedalService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = () => Date.now(),
    /** A finished class is recorded there when its certificate is made (points reward it). */
    private readonly effects: SideEffects = new SideEffects(),
  ) {}

  private readonly ruleCache = new ShortCache<MedalRuleRow[]>(RULES_CACHE_MS);

  /** Every medal: earned with its date, locked with the learner's progress toward it. */
  async list(userId: number): Promise<MedalList> {
    const [rules, earned] = await Promise.all([this.rules(), listLearnerMedals(this.db, userId)]);
    const earnedAt = new Map(earned.map((row) => [row.medal_key, Number(row.earned_at)]));
    const now = this.now();
    const metrics = [...new Set(rules.map((rule) => rule.metric))];
    const measured = await Promise.all(
      metrics.map((metric) => metricValue(this.db, userId, metric, now)),
    );
    const values = new Map(metrics.map((metric, i) => [metric, measured[i] ?? 0]));
    const medals = rules.map((rule) =>
      this.toMedal(rule, earnedAt.get(rule.key), values.get(rule.metric) ?? 0),
    );
    return { earnedCount: earnedAt.size, total: rules.length, medals };
  }

  /** One medal, as in {@link list}. */
  async detail(userId: number, key: string): Promise<Medal> {
    const rule = (await this.rules()).find((candidate) => candidate.key === key);
    if (!rule) throw new AppError(ErrorCode.notFound, MedalMessages.medalNotFound);
    const [earnedRows, value] = await Promise.all([
      listLearnerMedals(this.db, userId),
      metricValue(this.db, userId, rule.metric, this.now()),
    ]);
    const earned = earnedRows.find((row) => row.medal_key === key);
    return this.toMedal(rule, earned ? Number(earned.earned_at) : undefined, value);
  }

  /** How many medals the learner earned (我的). */
  count(userId: number): Promise<number> {
    return countLearnerMedals(this.db, userId);
  }

  /** The medal rules in display order, kept for {@link RULES_CACHE_MS}. */
  private rules(): Promise<MedalRuleRow[]> {
    return this.ruleCache.get('rules', this.now(), () => listMedalRules(this.db));
  }

  private toMedal(rule: MedalRuleRow, earnedAt: number | undefined, value: number): Medal {
    const threshold = Number(rule.threshold);
    return {
      key: rule.key,
      name: rule.name,
      description: rule.description,
      icon: rule.icon,
      metric: rule.metric,
      threshold,
      current: earnedAt === undefined ? Math.min(value, threshold) : threshold,
      earned: earnedAt !== undefined,
      earnedAt: earnedAt === undefined ? null : isoTime(earnedAt),
    };
  }

  /** Milestones with their dates or progress, and every certificate (made on first need). */
  async achievements(userId: number): Promise<Achievements> {
    await this.issueCertificates(userId);
    const [certificates, firstCourse, tenthCourse, totals, completed] = await Promise.all([
      listCertificates(this.db, userId),
      findNthCourseCompletion(this.db, userId, 1),
      findNthCourseCompletion(this.db, userId, 10),
      findLearningTotals(this.db, userId),
      metricValue(this.db, userId, 'courses_completed', this.now()),
    ]);
    const earned = new Map(
      (await listLearnerMedals(this.db, userId)).map((row) => [
        row.medal_key,
        Number(row.earned_at),
      ]),
    );
    const current: Record<(typeof MILESTONES)[number]['key'], number> = {
      'first-course': completed,
      'hours-100': wholeHours(totals.seconds),
      'streak-30': totals.longest,
      'courses-10': completed,
    };
    // When each was reached: the nth completion, or the medal of the same threshold.
    const reachedAt: Record<(typeof MILESTONES)[number]['key'], number | null | undefined> = {
      'first-course': firstCourse,
      'hours-100': earned.get('hours-100'),
      'streak-30': earned.get('streak-30'),
      'courses-10': tenthCourse,
    };
    const milestones: Milestone[] = MILESTONES.map((milestone) => {
      const value = current[milestone.key];
      const reached = value >= milestone.target;
      const at = reachedAt[milestone.key];
      return {
        ...milestone,
        current: Math.min(value, milestone.target),
        reachedAt: reached ? isoTime(at ?? this.now()) : null,
      };
    });
    return { milestones, certificates: certificates.map(toCertificate) };
  }

  /**
   * Makes the certificates the learner has earned and not yet got: one per completed course
   * and per finished class, each with a new random code. The unique (learner, subject) key
   * keeps a certificate and its code for good, however many requests race to make it.
   */
  async issueCertificates(userId: number): Promise<void> {
    const now = this.now();
    const [courses, classes] = await Promise.all([
      listCompletedCoursesWithoutCertificate(this.db, userId),
      listFinishedClassesWithoutCertificate(this.db, userId, now),
    ]);
    const rows = [
      ...courses.map((row) => ({
        subject_type: 'course' as const,
        subject_id: row.id,
        site_key: row.site_key,
        title: row.title,
        seconds: Number(row.seconds ?? 0),
        completed_at: Number(row.completed_at),
      })),
      ...classes.map((row) => ({
        subject_type: 'class' as const,
        subject_id: row.id,
        site_key: row.site_key,
        title: row.title,
        seconds: Number(row.seconds ?? 0),
        completed_at: Number(row.end_at),
      })),
    ];
    for (const row of rows) {
      await this.db.transaction().execute(async (trx) => {
        const made = await insertCertificate(trx, {
          ...row,
          user_id: userId,
          code: newCode(),
          created_at: now,
        });
        // A class has no completion event of its own: it is finished for the learner when its
        // end has passed with their signup kept, which is when its certificate is made.
        if (!made || row.subject_type !== 'class') return;
        await this.effects.record(trx, {
          kind: 'class.finish',
          siteKey: row.site_key,
          learnerId: userId,
          key: `class.finish:${row.subject_id}:${userId}`,
          detail: { classId: row.subject_id, title: row.title, at: now },
        });
      });
    }
  }

  /** The PDF of one of the learner's certificates; another learner's answers 404. */
  async file(userId: number, id: number): Promise<{ bytes: Uint8Array; name: string }> {
    const row = await findOwnCertificate(this.db, userId, id);
    if (!row) throw notFound('证书');
    const bytes = await certificatePdf({
      holder: row.nickname,
      subjectLabel: subjectLabel(row.subject_type),
      title: row.title,
      hours: tenthHours(Number(row.seconds)),
      date: chineseDate(Number(row.completed_at)),
      siteName: row.site_name,
      code: row.code,
    });
    return { bytes, name: `结业证书-${row.title}.pdf` };
  }

  /**
   * What anyone may learn from a verification code: the certificate with its holder's name
   * masked. Lookups are counted per address by the route (`RateLimits.certificateVerify`).
   */
  async verify(code: string): Promise<CertificateVerification> {
    const row = await findCertificateByCode(this.db, code.toUpperCase());
    if (!row) throw new AppError(ErrorCode.notFound, MedalMessages.certificateNotFound);
    return {
      code: row.code,
      holder: maskName(row.nickname),
      subjectType: row.subject_type,
      title: row.title,
      hours: tenthHours(Number(row.seconds)),
      completedAt: isoTime(row.completed_at),
      siteName: row.site_name,
    };
  }
}
