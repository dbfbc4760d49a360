import { distanceMeters } from '@portal/contract';
import type { NewMapPlaceRow } from '../db/schema.ts';
import { gradientCoverSvg } from './covers.ts';
import type { SeedFiles } from './files.ts';
import { DEMO_LEARNERS, type SeedContext } from './support.ts';
import { DAY, HOUR, localDay, MINUTE } from './time.ts';

/**
 * The experience bases (体验基地) and humanities walks (人文行走) of 静安: fixed specs, no random
 * draws (so the areas seeded before keep theirs), times relative to the seed's `now`.
 */

interface ProgrammeSpec {
  title: string;
  intro: string;
  minutes: number;
  audience: string;
  maxParty: number;
  capacity: number;
}

interface BaseSpec {
  name: string;
  street: string;
  address: string;
  lat: number;
  lng: number;
  phone: string;
  hours: Array<{ days: number[]; open: string; close: string }>;
  intro: string;
  programmes: ProgrammeSpec[];
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const TUE_TO_SUN = [2, 3, 4, 5, 6, 7];

const BASES: BaseSpec[] = [
  {
    name: '静安区非遗传承体验基地',
    street: '石门二路街道',
    address: '静安区新闸路1100号',
    lat: 31.2352,
    lng: 121.4606,
    phone: '021-62531100',
    hours: [{ days: TUE_TO_SUN, open: '09:00', close: '16:30' }],
    intro:
      '<p>基地集中展示静安的非物质文化遗产：海派剪纸、绒绣、面塑与石库门营造技艺。传承人每周驻场示范，学员可以动手体验。</p>',
    programmes: [
      {
        title: '海派剪纸体验课',
        intro: '<p>跟随非遗传承人学习剪纸基本刀法，完成一幅「福」字窗花带回家。</p>',
        minutes: 90,
        audience: '老年学员、亲子家庭',
        maxParty: 4,
        capacity: 16,
      },
      {
        title: '绒绣作品参观导览',
        intro: '<p>讲解员带领参观绒绣精品展，了解一针一线里的海派审美。</p>',
        minutes: 60,
        audience: '所有学员',
        maxParty: 6,
        capacity: 24,
      },
    ],
  },
  {
    name: '静安区图书馆阅读体验基地',
    street: '天目西路街道',
    address: '静安区天目西路80号',
    lat: 31.2478,
    lng: 121.4618,
    phone: '021-63532688',
    hours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '09:00', close: '20:30' }],
    intro:
      '<p>图书馆的大字阅读区、有声书角与古籍修复室向学员开放，馆员讲解如何借阅电子书、使用听书机。</p>',
    programmes: [
      {
        title: '古籍修复室开放日',
        intro: '<p>走进古籍修复室，看修复师补书、托裱，亲手体验线装书装订。</p>',
        minutes: 75,
        audience: '老年学员',
        maxParty: 3,
        capacity: 12,
      },
      {
        title: '数字阅读一点通',
        intro: '<p>手把手学会在手机上借电子书、听有声书，带上自己的手机来。</p>',
        minutes: 60,
        audience: '老年学员',
        maxParty: 2,
        capacity: 20,
      },
    ],
  },
  {
    name: '大宁科技体验基地',
    street: '大宁路街道',
    address: '静安区大宁路355号',
    lat: 31.2792,
    lng: 121.4561,
    phone: '021-56650355',
    hours: [{ days: WEEKDAYS, open: '09:30', close: '17:00' }],
    intro: '<p>智慧生活体验馆：智能家居、适老化手机、防诈骗互动展区，志愿者全程陪同讲解。</p>',
    programmes: [
      {
        title: '智慧生活体验馆参观',
        intro: '<p>体验语音控制家电、一键呼叫、智能药盒等适老化产品。</p>',
        minutes: 60,
        audience: '老年学员、家属',
        maxParty: 5,
        capacity: 20,
      },
      {
        title: '防诈骗互动课堂',
        intro: '<p>通过情景模拟认识常见电信诈骗手法，学会「不听、不信、不转账」。</p>',
        minutes: 45,
        audience: '老年学员',
        maxParty: 4,
        capacity: 30,
      },
      {
        title: '机器人编程亲子营',
        intro: '<p>祖孙一起拼装小机器人，完成简单的图形化编程任务。</p>',
        minutes: 120,
        audience: '祖孙家庭',
        maxParty: 3,
        capacity: 10,
      },
    ],
  },
  {
    name: '静安公园园艺体验基地',
    street: '静安寺街道',
    address: '静安区南京西路1649号',
    lat: 31.2229,
    lng: 121.4468,
    phone: '021-62483588',
    hours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '08:30', close: '16:00' }],
    intro: '<p>静安公园温室与八景园是园艺课堂的实景教室，园艺师教授阳台种植、盆景养护与插花。</p>',
    programmes: [
      {
        title: '阳台种菜入门',
        intro: '<p>认识适合阳台的蔬菜，学习配土、播种与浇水，带走一盆小葱苗。</p>',
        minutes: 90,
        audience: '老年学员',
        maxParty: 4,
        capacity: 15,
      },
    ],
  },
  {
    name: '彭浦农耕文化体验基地',
    street: '彭浦镇',
    address: '静安区共和新路4718号',
    lat: 31.3012,
    lng: 121.4437,
    phone: '021-56488718',
    hours: [{ days: TUE_TO_SUN, open: '09:00', close: '16:00' }],
    intro:
      '<p>保留老农具与二十四节气展陈，开辟一亩「学习田」，学员按节气参与播种、收获与农事体验。</p>',
    programmes: [
      {
        title: '二十四节气农事体验',
        intro: '<p>按当季节气下田劳作，听老农讲节气谚语。</p>',
        minutes: 120,
        audience: '所有学员',
        maxParty: 6,
        capacity: 25,
      },
      {
        title: '老农具展陈导览',
        intro: '<p>认识水车、犁耙、风车等老农具，回味江南农耕生活。</p>',
        minutes: 45,
        audience: '所有学员',
        maxParty: 8,
        capacity: 30,
      },
    ],
  },
  {
    name: '苏州河生态体验基地',
    street: '芷江西路街道',
    address: '静安区光复路1号',
    lat: 31.2462,
    lng: 121.4655,
    phone: '021-63801001',
    hours: [{ days: WEEKDAYS, open: '09:00', close: '16:30' }],
    intro: '<p>依托苏州河滨河步道与水质监测站，讲解苏州河从治污到生态修复的三十年变迁。</p>',
    programmes: [
      {
        title: '苏州河水质监测体验',
        intro: '<p>跟随工作人员采水样、看显微镜，了解河道生态。</p>',
        minutes: 90,
        audience: '老年学员、亲子家庭',
        maxParty: 4,
        capacity: 12,
      },
      {
        title: '滨河步道生态讲解',
        intro: '<p>沿步道认识水生植物与鸟类，讲解员全程陪同。</p>',
        minutes: 60,
        audience: '所有学员',
        maxParty: 6,
        capacity: 20,
      },
    ],
  },
  {
    name: '静安中医药文化体验基地',
    street: '江宁路街道',
    address: '静安区江宁路825号',
    lat: 31.2398,
    lng: 121.4485,
    phone: '021-62720825',
    hours: [{ days: WEEKDAYS, open: '08:30', close: '16:30' }],
    intro:
      '<p>百年老药房改建的中医药文化馆：认药材、闻药香、学八段锦，中医师现场讲解四季养生。</p>',
    programmes: [
      {
        title: '认药材·做香囊',
        intro: '<p>认识常见中药材，亲手配制一个驱蚊安神的香囊。</p>',
        minutes: 60,
        audience: '老年学员',
        maxParty: 4,
        capacity: 18,
      },
      {
        title: '八段锦晨练课',
        intro: '<p>中医师带练八段锦，讲解每一式的养生要点。</p>',
        minutes: 45,
        audience: '老年学员',
        maxParty: 2,
        capacity: 25,
      },
    ],
  },
  {
    name: '临汾路茶文化体验基地',
    street: '临汾路街道',
    address: '静安区临汾路380号',
    lat: 31.2948,
    lng: 121.4562,
    phone: '021-56680380',
    hours: [{ days: TUE_TO_SUN, open: '09:30', close: '17:00' }],
    intro: '<p>社区茶室里学识茶、泡茶、品茶，体验江南茶礼与海派茶俗。</p>',
    programmes: [
      {
        title: '六大茶类品鉴',
        intro: '<p>绿、白、黄、青、红、黑六大茶类各品一杯，学会看汤色、闻香气。</p>',
        minutes: 90,
        audience: '老年学员',
        maxParty: 4,
        capacity: 12,
      },
    ],
  },
];

interface StopSpec {
  name: string;
  street: string;
  address: string;
  lat: number;
  lng: number;
  story: string;
}

interface WalkSpec {
  title: string;
  intro: string;
  stops: StopSpec[];
  meetingPoint: string;
  guide: string;
}

const WALKS: WalkSpec[] = [
  {
    title: '愚园路：百年风貌的弄堂时光',
    intro: '<p>从静安寺出发，沿愚园路向西，走进新式里弄与花园洋房，听一条马路里的上海往事。</p>',
    meetingPoint: '静安寺地铁站1号口',
    guide: '陈老师（静安区社区学院）',
    stops: [
      {
        name: '静安寺',
        street: '静安寺街道',
        address: '静安区南京西路1686号',
        lat: 31.2235,
        lng: 121.4453,
        story:
          '静安寺始建于三国东吴赤乌十年（247年），原在吴淞江北岸，南宋时迁至今址，「静安」之名即由此而来。',
      },
      {
        name: '百乐门舞厅',
        street: '静安寺街道',
        address: '静安区愚园路218号',
        lat: 31.2241,
        lng: 121.4438,
        story: '1933年开张的百乐门号称「远东第一乐府」，弹簧舞池与玻璃地板曾是上海滩最摩登的风景。',
      },
      {
        name: '刘长胜故居',
        street: '静安寺街道',
        address: '静安区愚园路81号',
        lat: 31.2249,
        lng: 121.4421,
        story:
          '这幢三层新式里弄住宅曾是中共上海地下组织的秘密机关，如今是「中共上海地下组织斗争史陈列馆」。',
      },
      {
        name: '岐山村',
        street: '静安寺街道',
        address: '静安区愚园路1032弄',
        lat: 31.2226,
        lng: 121.4369,
        story:
          '岐山村的新式里弄里住过钱学森、施蛰存等名人，红砖山墙与铁艺阳台保留着上世纪三十年代的模样。',
      },
      {
        name: '愚园路艺术街区',
        street: '江苏路街道',
        address: '静安区愚园路1107号',
        lat: 31.2218,
        lng: 121.4338,
        story:
          '老街坊的烟纸店、裁缝铺与新开的书店、咖啡馆比邻而居，「生活美学街区」让老马路重新热闹起来。',
      },
    ],
  },
  {
    title: '张园与南京西路：石库门里的海派生活',
    intro: '<p>从茂名北路的石库门到修缮一新的张园，再北上雕塑公园，读懂南京西路的百年繁华。</p>',
    meetingPoint: '南京西路地铁站2号口',
    guide: '王老师（石门二路街道社区学校）',
    stops: [
      {
        name: '毛泽东旧居',
        street: '石门二路街道',
        address: '静安区茂名北路120弄7号',
        lat: 31.2296,
        lng: 121.4583,
        story: '1924年毛泽东与杨开慧携两个孩子住在这里，是毛泽东在上海居住时间最长的地方。',
      },
      {
        name: '张园',
        street: '石门二路街道',
        address: '静安区威海路590弄',
        lat: 31.2307,
        lng: 121.4593,
        story:
          '张园曾是晚清上海最大的市民公共活动场所，演说、照相、电灯都在这里最早亮相；今天的石库门建筑群已修缮开放。',
      },
      {
        name: '吴江路',
        street: '南京西路街道',
        address: '静安区吴江路',
        lat: 31.2331,
        lng: 121.4601,
        story: '吴江路原是一条小吃街，老上海的生煎、小馄饨是几代人的记忆，如今已成步行商业街。',
      },
      {
        name: '上海自然博物馆',
        street: '石门二路街道',
        address: '静安区北京西路510号',
        lat: 31.2367,
        lng: 121.4622,
        story: '自然博物馆新馆坐落在雕塑公园中，外形如一枚盘旋上升的鹦鹉螺，寓意生命的演进。',
      },
      {
        name: '静安雕塑公园',
        street: '石门二路街道',
        address: '静安区石门二路128号',
        lat: 31.2381,
        lng: 121.4641,
        story: '公园以雕塑为主题，四季举办户外雕塑展，樱花季时是市民踏青的好去处。',
      },
      {
        name: '中共二大会址',
        street: '石门二路街道',
        address: '静安区老成都北路7弄30号',
        lat: 31.2301,
        lng: 121.4663,
        story: '1922年中共二大在这里召开，制定了第一部党章，提出了反帝反封建的民主革命纲领。',
      },
    ],
  },
  {
    title: '陕西北路·武定路：名人故居寻访',
    intro: '<p>陕西北路的老洋房里藏着近代实业与文化名人的故事，一路向北走到武定路。</p>',
    meetingPoint: '陕西北路南京西路路口（梅龙镇广场前）',
    guide: '刘老师（南京西路街道文化中心）',
    stops: [
      {
        name: '荣宗敬故居',
        street: '南京西路街道',
        address: '静安区陕西北路186号',
        lat: 31.2296,
        lng: 121.4548,
        story: '「面粉大王」「棉纱大王」荣宗敬的住宅，巴洛克风格的大理石楼梯至今保存完好。',
      },
      {
        name: '宋家老宅',
        street: '南京西路街道',
        address: '静安区陕西北路369号',
        lat: 31.2316,
        lng: 121.4536,
        story: '宋氏家族曾在这幢西班牙式洋房居住，倪桂珍在此度过晚年。',
      },
      {
        name: '西摩会堂',
        street: '南京西路街道',
        address: '静安区陕西北路500号',
        lat: 31.2333,
        lng: 121.4531,
        story: '1920年建成的犹太会堂，希腊式廊柱见证了犹太人在上海的历史。',
      },
      {
        name: '武定路陕西北路口',
        street: '江宁路街道',
        address: '静安区武定路陕西北路',
        lat: 31.2357,
        lng: 121.4522,
        story: '武定路两侧的梧桐与老公寓构成静安最安静的街景之一，沿街小店多是几十年的老邻居。',
      },
      {
        name: '武定路西康路',
        street: '江宁路街道',
        address: '静安区武定路西康路',
        lat: 31.2359,
        lng: 121.4479,
        story: '这一带曾是沪西工厂区的生活街坊，如今的口袋公园是附近居民晨练、下棋的地方。',
      },
    ],
  },
  {
    title: '苏州河：从仓库到滨水长廊',
    intro: '<p>沿苏州河南岸向东，走过面粉厂、四行仓库与老桥，看一条河的工业记忆与新生。</p>',
    meetingPoint: '恒丰路桥南堍',
    guide: '赵老师（天目西路街道社区学校）',
    stops: [
      {
        name: '恒丰路桥',
        street: '天目西路街道',
        address: '静安区恒丰路苏州河',
        lat: 31.2468,
        lng: 121.4532,
        story: '恒丰路桥连接南北两岸，桥下的滨河步道是苏州河贯通工程的一段。',
      },
      {
        name: '福新面粉厂旧址',
        street: '芷江西路街道',
        address: '静安区光复路423号',
        lat: 31.2452,
        lng: 121.4574,
        story: '荣氏兄弟创办的福新面粉厂曾是远东最大的面粉厂之一，红砖厂房如今化身创意园区。',
      },
      {
        name: '四行仓库抗战纪念馆',
        street: '芷江西路街道',
        address: '静安区光复路1号',
        lat: 31.2441,
        lng: 121.4664,
        story: '1937年「八百壮士」在此坚守四昼夜，西墙上的弹孔被原样保留，诉说着那段悲壮历史。',
      },
      {
        name: '乌镇路桥',
        street: '宝山路街道',
        address: '静安区乌镇路苏州河',
        lat: 31.2446,
        lng: 121.4705,
        story: '乌镇路桥旁曾是繁忙的码头，运粮船在这里卸货，如今两岸成了市民散步的滨水长廊。',
      },
      {
        name: '上海总商会旧址',
        street: '北站街道',
        address: '静安区北苏州路470号',
        lat: 31.2443,
        lng: 121.4762,
        story: '1916年落成的上海总商会议事厅，是近代上海工商界的活动中心，修缮后重新对外开放。',
      },
    ],
  },
  {
    title: '大宁绿地：北静安的新风景',
    intro: '<p>从闸北公园走到大宁灵石公园，看北静安从老工业区到城市绿肺的变化。</p>',
    meetingPoint: '闸北公园正门（共和新路1555号）',
    guide: '孙老师（大宁路街道社区学校）',
    stops: [
      {
        name: '闸北公园·宋教仁墓',
        street: '共和新路街道',
        address: '静安区共和新路1555号',
        lat: 31.2646,
        lng: 121.4664,
        story: '闸北公园原为宋教仁墓园，宋教仁是民主革命先驱，墓前的石像与墓碑保存至今。',
      },
      {
        name: '上海马戏城',
        street: '大宁路街道',
        address: '静安区共和新路2266号',
        lat: 31.2779,
        lng: 121.4591,
        story: '金色穹顶的马戏城是上海杂技团的驻地，《时空之旅》在这里上演了上万场。',
      },
      {
        name: '大宁灵石公园',
        street: '大宁路街道',
        address: '静安区广中西路288号',
        lat: 31.2806,
        lng: 121.4604,
        story: '这片绿地原是工厂与棚户区，如今是中心城区最大的公共绿地之一，湖面与大草坪四季如画。',
      },
      {
        name: '大宁剧院',
        street: '大宁路街道',
        address: '静安区大宁路1号',
        lat: 31.2831,
        lng: 121.4571,
        story: '大宁剧院以戏曲演出为主，常年有越剧、沪剧与评弹专场，是北静安的文化客厅。',
      },
    ],
  },
];

const PHOTO_COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['#2f9e6e', '#0b5c44'],
  ['#d9822b', '#8a3f12'],
  ['#3b7dd8', '#1d3f8c'],
  ['#b5485d', '#6b1f33'],
  ['#7a5cc7', '#3c2a7a'],
];

const WAVES =
  '<path d="M0 280 Q160 220 320 280 T640 280 V360 H0Z" fill="#fff" fill-opacity=".12"/>' +
  '<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".12"/>';

const basePhoto = (n: number, k: number) => `/files/places/base-${n + 1}-${k + 1}.svg`;
const walkCover = (n: number) => `/files/walks/walk-${n + 1}.svg`;

/** The route length along the stops, plus a quarter for the streets' turns, in metres. */
function routeLength(stops: readonly StopSpec[]): number {
  let metres = 0;
  for (let i = 1; i < stops.length; i += 1) {
    const a = stops[i - 1];
    const b = stops[i];
    if (a && b) metres += distanceMeters(a, b);
  }
  return Math.round((metres * 1.25) / 10) * 10;
}

/**
 * Writes the bases' photos and the walks' covers (SVG) into the file store's `files/` folder;
 * answers how many it wrote.
 */
export async function writeWalkFiles(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const [n, base] of BASES.entries()) {
    for (const [k, caption] of ['参观项目', '场馆一角', '学员体验'].entries()) {
      const key = `files/places/base-${n + 1}-${k + 1}.svg`;
      const svg = () =>
        gradientCoverSvg({
          colours: PHOTO_COLOURS[(n + k) % PHOTO_COLOURS.length] ?? ['#3b7dd8', '#1d3f8c'],
          vertical: k === 1,
          pattern: WAVES,
          title: base.name.replace(/^静安区?/, '').replace(/体验基地$/, ''),
          titleSize: 52,
          caption: `体验基地 · ${caption}`,
        });
      if (await files.writeNew(key, svg)) written += 1;
    }
  }
  for (const [n, walk] of WALKS.entries()) {
    const key = `files/walks/walk-${n + 1}.svg`;
    const svg = () =>
      gradientCoverSvg({
        colours: PHOTO_COLOURS[n % PHOTO_COLOURS.length] ?? ['#3b7dd8', '#1d3f8c'],
        pattern: WAVES,
        title: walk.title.split('：')[0] ?? walk.title,
        titleSize: 60,
        caption: `人文行走 · ${walk.stops.length} 个站点`,
      });
    if (await files.writeNew(key, svg)) written += 1;
  }
  return written;
}

function placeRow(
  spec: Pick<BaseSpec, 'name' | 'street' | 'address' | 'lat' | 'lng'>,
  now: number,
  extra: Partial<NewMapPlaceRow>,
): NewMapPlaceRow {
  return {
    site_key: 'jingan',
    category: 'base',
    kind: '体验基地',
    parent_id: null,
    name: spec.name,
    street: spec.street,
    address: spec.address,
    lat: spec.lat,
    lng: spec.lng,
    created_at: now,
    updated_at: now,
    ...extra,
  };
}

/** Generated learners (never the demo ones), `count` of them from `offset`, in id order. */
async function generatedLearners(context: SeedContext, count: number, offset: number) {
  const demo = DEMO_LEARNERS.map((learner) => learner.username);
  return context.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'not in', demo)
    .orderBy('id')
    .limit(count)
    .offset(offset)
    .execute();
}

/**
 * Books `seats` of a slot for parties of generated learners (at most `maxParty` each, one
 * booking per learner) and answers the seats booked: fewer when there are too few learners.
 */
async function bookParties(
  context: SeedContext,
  slotId: number,
  seats: number,
  options: { maxParty: number; offset: number },
): Promise<number> {
  if (seats <= 0) return 0;
  const { db, now } = context;
  const party = Math.max(1, options.maxParty);
  const learners = await generatedLearners(context, Math.ceil(seats / party), options.offset);
  let booked = 0;
  const rows = learners.map((learner) => {
    const size = Math.min(party, seats - booked);
    booked += size;
    return {
      slot_id: slotId,
      user_id: learner.id,
      party_size: size,
      contact_name: '学员',
      contact_phone: learner.username,
      status: 'active' as const,
      booked_at: now - 3 * DAY,
      created_at: now - 3 * DAY,
      updated_at: now - 3 * DAY,
    };
  });
  if (rows.length === 0) return 0;
  await db.insertInto('base_bookings').values(rows).execute();
  await db
    .updateTable('base_slots')
    .set({ seats_taken: booked })
    .where('id', '=', slotId)
    .execute();
  return booked;
}

/** Signs `seats` generated learners up for a walk session (fewer when there are too few). */
async function fillWalkSession(context: SeedContext, sessionId: number, seats: number) {
  const { db, now } = context;
  const learners = await generatedLearners(context, seats, 0);
  if (learners.length === 0) return;
  await db
    .insertInto('walk_signups')
    .values(
      learners.map((learner) => ({
        session_id: sessionId,
        user_id: learner.id,
        status: 'active' as const,
        signed_at: now - 2 * DAY,
        created_at: now - 2 * DAY,
        updated_at: now - 2 * DAY,
      })),
    )
    .execute();
  await db
    .updateTable('walk_sessions')
    .set({ seats_taken: learners.length })
    .where('id', '=', sessionId)
    .execute();
}

async function demoLearnerId(context: SeedContext, username: string) {
  const row = await context.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.id;
}

/**
 * 8 experience bases of 静安 with their programmes and slots: over the next three weeks on
 * alternating days (some full), and over the past week; the demo learner holds one upcoming
 * booking and one past one.
 */
export async function seedExperienceBases(context: SeedContext): Promise<void> {
  const { db, now } = context;
  const slotIds: number[] = [];
  const pastSlotIds: number[] = [];
  for (const [n, base] of BASES.entries()) {
    const place = await db
      .insertInto('map_places')
      .values(
        placeRow(base, now, {
          phone: base.phone,
          hours: JSON.stringify(base.hours),
          intro: base.intro,
          cover: basePhoto(n, 0),
          photos: JSON.stringify([0, 1, 2].map((k) => basePhoto(n, k))),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [p, programme] of base.programmes.entries()) {
      const row = await db
        .insertInto('base_programmes')
        .values({
          place_id: place.id,
          site_key: 'jingan',
          title: programme.title,
          intro: programme.intro,
          duration_minutes: programme.minutes,
          audience: programme.audience,
          max_party: programme.maxParty,
          position: p,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const slots = [];
      for (let day = -6; day <= 21; day += 1) {
        if ((day + n + p) % 2 !== 0) continue;
        const [hour, minute] = p % 2 === 0 ? [9, 30] : [14, 0];
        const start = localDay(now, day, hour, minute);
        // Every fifth upcoming slot is already fully booked (by phone and by groups).
        const full = day > 0 && (day + n) % 5 === 0;
        slots.push({
          programme_id: row.id,
          start_at: start,
          end_at: start + programme.minutes * MINUTE,
          capacity: programme.capacity,
          seats_taken: full ? programme.capacity : day < 0 ? Math.floor(programme.capacity / 2) : 0,
          created_at: now - 30 * DAY,
          updated_at: now,
        });
      }
      const ids = await db
        .insertInto('base_slots')
        .values(slots.map((slot) => ({ ...slot, seats_taken: 0 })))
        .returning(['id', 'start_at', 'capacity'])
        .execute();
      for (const [k, slot] of ids.entries()) {
        // The seats taken are real bookings (seats = booked parties, as the seat keeping holds).
        const taken = await bookParties(context, slot.id, slots[k]?.seats_taken ?? 0, {
          maxParty: programme.maxParty,
          offset: n * 7 + p * 3,
        });
        Object.assign(slot, { seats_taken: taken });
      }
      for (const slot of ids as Array<(typeof ids)[number] & { seats_taken: number }>) {
        if (Number(slot.start_at) < now) pastSlotIds.push(slot.id);
        else if (Number(slot.seats_taken) === 0 && Number(slot.start_at) > now + DAY) {
          slotIds.push(slot.id);
        }
      }
    }
  }
  const demo = await demoLearnerId(context, '13800000001');
  if (demo === undefined) return;
  const upcoming = slotIds[2];
  const past = pastSlotIds[0];
  const bookings = [
    upcoming === undefined ? null : { slot: upcoming, party: 2, status: 'active' as const },
    past === undefined ? null : { slot: past, party: 1, status: 'active' as const },
  ].filter((b) => b !== null);
  for (const booking of bookings) {
    await db
      .updateTable('base_slots')
      .set((eb) => ({ seats_taken: eb('seats_taken', '+', booking.party) }))
      .where('id', '=', booking.slot)
      .execute();
    await db
      .insertInto('base_bookings')
      .values({
        slot_id: booking.slot,
        user_id: demo,
        party_size: booking.party,
        contact_name: '王秀兰',
        contact_phone: '13800000001',
        status: booking.status,
        booked_at: now - 2 * DAY,
        created_at: now - 2 * DAY,
        updated_at: now - 2 * DAY,
      })
      .execute();
  }
}

/**
 * 5 humanities walks of 静安 (4 to 8 stops each, every stop a map place of category `walk`)
 * with guided sessions on the coming weekends; the demo learner has walked the first two stops
 * of the first walk and signed up for a session of the second.
 */
export async function seedWalks(context: SeedContext): Promise<void> {
  const { db, now } = context;
  const firstStops: number[] = [];
  let secondSession: number | undefined;
  for (const [n, spec] of WALKS.entries()) {
    const distance = routeLength(spec.stops);
    const walk = await db
      .insertInto('walks')
      .values({
        site_key: 'jingan',
        title: spec.title,
        intro: spec.intro,
        cover: walkCover(n),
        distance_m: distance,
        // About 3 km/h on foot, plus ten minutes at each stop.
        duration_minutes: Math.round((distance / 3000) * 60 + spec.stops.length * 10),
        position: n,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [s, stop] of spec.stops.entries()) {
      const place = await db
        .insertInto('map_places')
        .values(
          placeRow(stop, now, {
            category: 'walk',
            kind: '人文行走点',
            intro: `<p>${stop.story}</p>`,
            cover: walkCover(n),
            photos: JSON.stringify([walkCover(n)]),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('walk_stops')
        .values({ walk_id: walk.id, place_id: place.id, position: s + 1, story: stop.story })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (n === 0) firstStops.push(row.id);
    }
    const sessions = [3, 10, 17].map((day, k) => {
      const start = localDay(now, day + n, 9 + (k % 2) * 5, 0);
      return {
        walk_id: walk.id,
        start_at: start,
        end_at: start + 2 * HOUR,
        meeting_point: spec.meetingPoint,
        guide: spec.guide,
        capacity: 20,
        seats_taken: 0,
        created_at: now,
        updated_at: now,
      };
    });
    const ids = await db.insertInto('walk_sessions').values(sessions).returning('id').execute();
    // The first session of the third walk is already full, with real signups.
    const full = ids[0];
    if (n === 2 && full !== undefined) await fillWalkSession(context, full.id, 20);
    if (n === 1) secondSession = ids[0]?.id;
  }
  const demo = await demoLearnerId(context, '13800000001');
  if (demo === undefined) return;
  const first = WALKS[0]?.stops ?? [];
  for (const [s, stopId] of firstStops.slice(0, 2).entries()) {
    const at = first[s];
    if (!at) continue;
    const walkId = await db
      .selectFrom('walk_stops')
      .select('walk_id')
      .where('id', '=', stopId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('walk_checkins')
      .values({
        walk_id: walkId.walk_id,
        stop_id: stopId,
        user_id: demo,
        lat: at.lat + 0.0002,
        lng: at.lng,
        distance_m: 22,
        checked_at: now - 3 * DAY + s * 20 * MINUTE,
      })
      .execute();
  }
  if (secondSession !== undefined) {
    await db
      .updateTable('walk_sessions')
      .set({ seats_taken: 1 })
      .where('id', '=', secondSession)
      .execute();
    await db
      .insertInto('walk_signups')
      .values({
        session_id: secondSession,
        user_id: demo,
        status: 'active',
        signed_at: now - DAY,
        created_at: now - DAY,
        updated_at: now - DAY,
      })
      .execute();
  }
}
