import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  addReviewColumns,
  createIndex,
  dropAppendOnlyGuard,
  dropReviewColumns,
  guardAppendOnly,
  idColumn,
  required,
  siteKeyColumn,
} from './columns.ts';

/**
 * The operators' console: who may do what on which site (`operator_roles`), the append-only
 * audit log of every change an operator makes (`audit_log`), review before publication on
 * articles (their status, version and author), and the edits of published records waiting for
 * review beside the live version (`content_edits`).
 * Frozen: never edit, add a new migration.
 */
export function createOperators(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per account, site and role; 超级管理员 holds every site (its site is null).
      await idColumn(engine, db.schema.createTable('operator_roles'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('site_key', 'varchar(32)', (c) => c.references('sites.key').onDelete('cascade'))
        .$call(required({ role: 'varchar(16)', granted_at: 'bigint' }))
        .addColumn('granted_by', 'integer')
        .addCheckConstraint(
          'operator_roles_role_check',
          sql`role in ('super_admin', 'site_admin', 'editor', 'reviewer', 'checkin', 'delivery')`,
        )
        .addCheckConstraint(
          'operator_roles_site_check',
          sql`(role = 'super_admin' and site_key is null) or (role <> 'super_admin' and site_key is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('operator_roles_site_role_key')
        .on('operator_roles')
        .columns(['user_id', 'site_key', 'role'])
        .unique()
        .execute();
      await db.schema
        .createIndex('operator_roles_every_site_key')
        .on('operator_roles')
        .columns(['user_id', 'role'])
        .unique()
        .where(sql.ref('site_key'), 'is', null)
        .execute();
      await createIndex(db, 'operator_roles_site_idx', 'operator_roles', ['site_key', 'user_id']);

      // Kept whatever happens to the site or the operator later: no foreign keys.
      await idColumn(engine, db.schema.createTable('audit_log'))
        .addColumn('site_key', 'varchar(32)')
        .$call(
          required({
            actor_id: 'integer',
            actor_name: 'varchar(50)',
            action: 'varchar(16)',
            entity: 'varchar(16)',
          }),
        )
        .addColumn('entity_id', 'integer')
        .$call(required({ summary: 'varchar(200)' }))
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .$call(required({ ip: 'varchar(64)', created_at: 'bigint' }))
        .execute();
      await createIndex(db, 'audit_log_site_idx', 'audit_log', ['site_key', 'id desc']);
      await createIndex(db, 'audit_log_entity_idx', 'audit_log', [
        'site_key',
        'entity',
        'entity_id',
        'id desc',
      ]);
      await guardAppendOnly(engine, db, 'audit_log');

      // Review before publication: what was published stays so (imports and the seed publish).
      await addReviewColumns(db, 'articles');
      // 0/1: on its first publication every learner of the site gets it as a notice.
      await db.schema
        .alterTable('articles')
        .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(engine, db.schema.createTable('content_edits'))
        .$call(siteKeyColumn)
        .$call(required({ entity: 'varchar(16)', entity_id: 'integer', data: 'text' }))
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().check(sql`status in ('draft', 'pending', 'rejected')`),
        )
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'varchar(200)')
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .execute();
      // One waiting edit per record.
      await db.schema
        .createIndex('content_edits_record_key')
        .on('content_edits')
        .columns(['entity', 'entity_id'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_edits').execute();
      await db.schema.alterTable('articles').dropColumn('notify').execute();
      await dropReviewColumns(db, 'articles');
      await dropAppendOnlyGuard(engine, db, 'audit_log');
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('operator_roles').execute();
    },
  };
}
