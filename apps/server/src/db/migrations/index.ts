import type { Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { createCore } from './20261122_0900_create_core.ts';
import { addSiteThemeColor } from './20261122_1600_add_site_theme_color.ts';
import { createCourses } from './20261122_1700_create_courses.ts';
import { createClasses } from './20261122_1710_create_classes.ts';
import { createStudy } from './20261122_1720_create_study.ts';
import { allowContentTypes, createFavourites } from './20261122_1730_create_favourites.ts';
import { createSearch } from './20261122_1740_create_search.ts';
import { createActivities } from './20261123_0900_create_activities.ts';
import { createEbooks } from './20261123_0910_create_ebooks.ts';
import { createTopics } from './20261123_0920_create_topics.ts';
import { searchActivitiesEbooks } from './20261123_0930_search_activities_ebooks.ts';
import { createSearchBigrams } from './20261124_0900_create_search_bigrams.ts';
import { createLive } from './20261125_0900_create_live.ts';
import { createArticles } from './20261125_0910_create_articles.ts';
import { createLivePlay } from './20261126_0900_create_live_play.ts';
import { createMessages } from './20261126_0910_create_messages.ts';
import { searchLiveArticles } from './20261126_0930_search_live_articles.ts';
import { addAccountSettings } from './20261126_1000_add_account_settings.ts';
import { createPoints } from './20261126_1010_create_points.ts';
import { createArticleOpens } from './20261126_1011_create_article_opens.ts';
import { createMedals } from './20261126_1020_create_medals.ts';
import { allowMessageKinds } from './20261126_1021_allow_medal_messages.ts';
import { createLearningTime } from './20261126_1030_create_learning_time.ts';
import { createIdentities } from './20261126_1100_create_identities.ts';
import { createTeams } from './20261127_0900_create_teams.ts';
import { createTeamRequests } from './20261127_0910_create_team_requests.ts';
import { createTeamWorks } from './20261127_0920_create_team_works.ts';
import { addTeamWorkPoints } from './20261127_0921_add_team_work_points.ts';
import { addTeamWorkMedals } from './20261127_0922_add_team_work_medals.ts';
import { createRankings } from './20261127_0930_create_rankings.ts';
import { createTeamResources } from './20261127_0931_create_team_resources.ts';
import { createMapPlaces } from './20261128_0900_create_map_places.ts';
import { createPlaceLinks } from './20261128_0901_create_place_links.ts';
import { searchPlaces } from './20261128_0903_search_places.ts';
import { createBaseVisits } from './20261128_0910_create_base_visits.ts';
import { createWalks } from './20261128_0911_create_walks.ts';
import { searchWalks } from './20261128_0913_search_walks.ts';
import { createDelivery } from './20261128_0920_create_delivery.ts';
import { indexPlacesSpatially } from './20261129_0900_index_places_spatially.ts';
import { keepLearningTotals } from './20261129_1000_keep_learning_totals.ts';
import { dropSessionUserIndex } from './20261129_1010_drop_session_user_index.ts';
import { countLiveTeams } from './20261129_1020_count_live_teams.ts';
import { versionSearch } from './20261129_1100_version_search.ts';
import { indexUnreadMessages } from './20261129_1110_index_unread_messages.ts';
import { addSessionSuccessorKey } from './20261129_1200_add_session_successor_key.ts';
import { indexTeamChanges } from './20261129_1210_index_team_changes.ts';
import { dropPlacesSpatialIndex } from './20261129_1300_drop_places_spatial_index.ts';
import { createOperators } from './20261130_0900_create_operators.ts';
import { reviewCourses } from './20261130_1000_review_courses.ts';
import { reviewMoreContent } from './20261130_1100_review_more_content.ts';
import { createPublishSchedule } from './20261130_1200_create_publish_schedule.ts';
import { reviewPlacesWalksDelivery } from './20261130_1300_review_places_walks_delivery.ts';
import { reviewBaseProgrammes } from './20261130_1410_review_base_programmes.ts';
import { versionRules } from './20261130_1430_version_rules.ts';
import { createHomeLayout } from './20261130_1440_create_home_layout.ts';
import { allowLessonAudioPdf } from './20261130_1450_lesson_audio_pdf.ts';
import { createJobs } from './20261130_1500_create_jobs.ts';
import { searchEbookPages } from './20261130_1510_search_ebook_pages.ts';
import { createVideoLadders } from './20261130_1520_create_video_ladders.ts';
import { reviewSignups } from './20261201_0900_review_signups.ts';
import { createSiteLearners } from './20261201_1000_create_site_learners.ts';
import { createMessageCampaigns } from './20261201_1010_create_message_campaigns.ts';
import { createDashboardIndexes } from './20261201_1100_dashboard_indexes.ts';
import { createStatsRollups } from './20261202_0900_create_stats_rollups.ts';
import { createRequestKeys } from './20261202_1600_create_request_keys.ts';
import { createPushSubscriptions } from './20261202_1700_create_push_subscriptions.ts';

// The lists the first widenings allowed; each later one allows the same plus what it adds. Like
// the migrations they are frozen: a new kind is a new migration with a longer list.
const CONTENT_TYPES_0930 = ['course', 'class', 'activity', 'ebook'];
const MESSAGE_KINDS_1021 = ['signup', 'checkin', 'reminder', 'notice', 'medal'];

/** All migrations in order; names sort by time, and both engines run the same list. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '20261122_0900_create_core': createCore(engine),
    '20261122_1600_add_site_theme_color': addSiteThemeColor(),
    '20261122_1700_create_courses': createCourses(engine),
    '20261122_1710_create_classes': createClasses(engine),
    '20261122_1720_create_study': createStudy(),
    '20261122_1730_create_favourites': createFavourites(),
    '20261122_1740_create_search': createSearch(engine),
    '20261123_0900_create_activities': createActivities(engine),
    '20261123_0910_create_ebooks': createEbooks(engine),
    '20261123_0920_create_topics': createTopics(engine),
    '20261123_0930_allow_activity_ebook': allowContentTypes(engine, CONTENT_TYPES_0930),
    '20261123_0931_search_activities_ebooks': searchActivitiesEbooks(engine),
    '20261124_0900_create_search_bigrams': createSearchBigrams(engine),
    '20261125_0900_create_live': createLive(engine),
    '20261125_0910_create_articles': createArticles(engine),
    '20261126_0900_create_live_play': createLivePlay(),
    '20261126_0910_create_messages': createMessages(engine),
    '20261126_0930_allow_live_article': allowContentTypes(engine, [
      ...CONTENT_TYPES_0930,
      'live',
      'article',
    ]),
    '20261126_0931_search_live_articles': searchLiveArticles(engine),
    '20261126_1000_add_account_settings': addAccountSettings(engine),
    '20261126_1010_create_points': createPoints(engine),
    '20261126_1011_create_article_opens': createArticleOpens(),
    '20261126_1020_create_medals': createMedals(engine),
    '20261126_1021_allow_medal_messages': allowMessageKinds(engine, MESSAGE_KINDS_1021),
    '20261126_1030_create_learning_time': createLearningTime(),
    '20261126_1100_create_identities': createIdentities(engine),
    '20261127_0900_create_teams': createTeams(engine),
    '20261127_0910_create_team_requests': createTeamRequests(engine),
    '20261127_0911_allow_team_messages': allowMessageKinds(engine, [...MESSAGE_KINDS_1021, 'team']),
    '20261127_0920_create_team_works': createTeamWorks(engine),
    '20261127_0921_add_team_work_points': addTeamWorkPoints(),
    '20261127_0922_add_team_work_medals': addTeamWorkMedals(),
    '20261127_0930_create_rankings': createRankings(),
    '20261127_0931_create_team_resources': createTeamResources(engine),
    '20261128_0900_create_map_places': createMapPlaces(engine),
    '20261128_0901_create_place_links': createPlaceLinks(engine),
    '20261128_0902_allow_place': allowContentTypes(engine, [
      ...CONTENT_TYPES_0930,
      'live',
      'article',
      'place',
    ]),
    '20261128_0903_search_places': searchPlaces(engine),
    '20261128_0910_create_base_visits': createBaseVisits(engine),
    '20261128_0911_create_walks': createWalks(engine),
    '20261128_0912_allow_walk': allowContentTypes(engine, [
      ...CONTENT_TYPES_0930,
      'live',
      'article',
      'place',
      'walk',
    ]),
    '20261128_0913_search_walks': searchWalks(engine),
    '20261128_0920_create_delivery': createDelivery(engine),
    '20261128_0921_allow_delivery_messages': allowMessageKinds(engine, [
      ...MESSAGE_KINDS_1021,
      'team',
      'delivery',
    ]),
    '20261129_0900_index_places_spatially': indexPlacesSpatially(engine),
    '20261129_1000_keep_learning_totals': keepLearningTotals(engine),
    '20261129_1010_drop_session_user_index': dropSessionUserIndex(),
    '20261129_1020_count_live_teams': countLiveTeams(engine),
    '20261129_1100_version_search': versionSearch(engine),
    '20261129_1110_index_unread_messages': indexUnreadMessages(),
    '20261129_1200_add_session_successor_key': addSessionSuccessorKey(),
    '20261129_1210_index_team_changes': indexTeamChanges(),
    '20261129_1300_drop_places_spatial_index': dropPlacesSpatialIndex(engine),
    '20261130_0900_create_operators': createOperators(engine),
    '20261130_1000_review_courses': reviewCourses(),
    '20261130_1100_review_more_content': reviewMoreContent(),
    '20261130_1200_create_publish_schedule': createPublishSchedule(engine),
    '20261130_1300_review_places_walks_delivery': reviewPlacesWalksDelivery(),
    '20261130_1410_review_base_programmes': reviewBaseProgrammes(engine),
    '20261130_1430_version_rules': versionRules(),
    '20261130_1440_create_home_layout': createHomeLayout(engine),
    '20261130_1450_lesson_audio_pdf': allowLessonAudioPdf(engine),
    '20261130_1500_create_jobs': createJobs(engine),
    '20261130_1510_search_ebook_pages': searchEbookPages(engine),
    '20261130_1520_create_video_ladders': createVideoLadders(engine),
    '20261201_0900_review_signups': reviewSignups(engine),
    '20261201_1000_create_site_learners': createSiteLearners(engine),
    '20261201_1010_create_message_campaigns': createMessageCampaigns(engine),
    '20261201_1100_dashboard_indexes': createDashboardIndexes(),
    '20261202_0900_create_stats_rollups': createStatsRollups(),
    '20261202_1600_create_request_keys': createRequestKeys(),
    '20261202_1700_create_push_subscriptions': createPushSubscriptions(engine),
  };
}
