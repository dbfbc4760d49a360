import { districtName, type SeededSite } from './support.ts';

/** Where a site's classes and activities take place, and the streets its learners live in. */
export interface District {
  /** e.g. 静安区 */
  name: string;
  /** Classrooms of the community schools (班级). */
  classrooms: readonly string[];
  /** Libraries, museums, parks... (活动). */
  venues: readonly string[];
  streets: readonly string[];
}

const DISTRICTS: Record<string, District> = {
  jingan: {
    name: '静安区',
    classrooms: [
      '静安区社区学院 三楼多功能厅',
      '静安区社区学院 二楼书画教室',
      '南京西路街道社区文化活动中心 二楼教室',
      '静安寺街道社区学校 101教室',
      '江宁路街道社区文化活动中心 书画室',
      '石门二路街道社区学校 多媒体教室',
      '曹家渡街道社区文化活动中心 排练厅',
      '天目西路街道社区学校 三楼活动室',
      '彭浦新村街道社区文化活动中心 201教室',
      '大宁路街道社区学校 报告厅',
      '临汾路街道社区文化活动中心 多功能厅',
    ],
    venues: [
      '静安区图书馆 新闸路1702号 三楼报告厅',
      '静安区图书馆（闸北馆） 天目中路 二楼多功能厅',
      '静安区文化馆 一楼展厅',
      '静安区社区学院 三楼多功能厅',
      '四行仓库抗战纪念馆 光复路1号',
      '中共二大会址纪念馆 老成都北路7弄30号',
      '上海自然博物馆 北京西路510号',
      '静安雕塑公园 北京西路500号',
      '张园 威海路590弄',
      '南京西路街道社区文化活动中心 二楼教室',
      '江宁路街道社区文化活动中心 多功能厅',
      '大宁灵石公园 广中西路288号',
      '苏河湾绿地 北苏州路',
    ],
    streets: [
      '南京西路街道',
      '静安寺街道',
      '江宁路街道',
      '石门二路街道',
      '曹家渡街道',
      '天目西路街道',
      '北站街道',
      '宝山路街道',
      '芷江西路街道',
      '共和新路街道',
      '大宁路街道',
      '彭浦新村街道',
      '临汾路街道',
      '彭浦镇',
    ],
  },
  xuhui: {
    name: '徐汇区',
    classrooms: [
      '徐汇区社区学院 二楼报告厅',
      '徐汇区社区学院 四楼书画室',
      '天平路街道社区文化活动中心 三楼教室',
      '湖南路街道社区学校 多功能厅',
      '斜土路街道社区文化活动中心 排练厅',
      '枫林路街道社区学校 201教室',
      '长桥街道社区文化活动中心 多媒体教室',
      '田林街道社区学校 活动室',
      '康健新村街道社区文化活动中心 二楼教室',
      '徐家汇街道社区学校 报告厅',
      '龙华街道社区文化活动中心 书画室',
    ],
    venues: [
      '徐汇区图书馆 南丹东路80号 报告厅',
      '徐家汇书院 漕溪北路158号',
      '徐汇区文化馆 一楼展厅',
      '徐汇区社区学院 二楼报告厅',
      '土山湾博物馆 蒲汇塘路55号',
      '上海植物园 龙吴路1111号',
      '徐汇滨江 龙腾大道',
      '天平路街道社区文化活动中心 三楼教室',
      '湖南路街道社区学校 多功能厅',
    ],
    streets: [
      '徐家汇街道',
      '天平路街道',
      '湖南路街道',
      '斜土路街道',
      '枫林路街道',
      '长桥街道',
      '田林街道',
      '虹梅路街道',
      '康健新村街道',
      '凌云路街道',
      '龙华街道',
      '漕河泾街道',
      '华泾镇',
    ],
  },
};

/** The district of a site; one the table above does not know has places named after the site. */
export function districtOf(site: SeededSite): District {
  const known = DISTRICTS[site.key];
  if (known) return known;
  const short = districtName(site);
  const name = `${short}区`;
  return {
    name,
    classrooms: [`${short}社区学院 多功能厅`, `${short}社区学院 二楼教室`],
    venues: [`${name}图书馆 报告厅`, `${name}文化馆 展厅`, `${name}社区学院 多功能厅`],
    streets: ['第一街道', '第二街道', '第三街道'],
  };
}
