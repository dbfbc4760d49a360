import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * What happens at a place of the learning map: the courses taught there and the classes a school
 * runs (link tables, one row per pair by their primary key, in the place's order), and the
 * place's learning projects (学习项目). Frozen: never edit, add a new migration.
 */
export function createPlaceLinks(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column, target] of [
        ['map_place_courses', 'course_id', 'courses.id'],
        ['map_place_classes', 'class_id', 'classes.id'],
      ] as const) {
        await db.schema
          .createTable(table)
          .$call(belongsTo('place_id', 'map_places.id'))
          .$call(belongsTo(column, target))
          .$call(required({ sort: 'integer' }))
          .addPrimaryKeyConstraint(`${table}_pkey`, ['place_id', column])
          .execute();
        await createIndex(db, `${table}_${column}_idx`, table, [column]);
      }
      await idColumn(engine, db.schema.createTable('map_place_projects'))
        .$call(belongsTo('place_id', 'map_places.id'))
        .$call(
          required({
            title: 'varchar(100)',
            intro: 'text',
            period: 'varchar(40)',
            status: 'varchar(16)',
            sort: 'integer',
          }),
        )
        .addColumn('cover', 'varchar(300)')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(required({ created_at: 'bigint' }))
        .addCheckConstraint(
          'map_place_projects_status_check',
          sql`status in ('recruiting', 'running', 'finished')`,
        )
        .execute();
      await createIndex(db, 'map_place_projects_place_idx', 'map_place_projects', [
        'place_id',
        'sort',
      ]);
      // The place's activities are found through activities.map_place_id.
      await createIndex(db, 'activities_map_place_idx', 'activities', ['map_place_id']);
    },
  };
}
