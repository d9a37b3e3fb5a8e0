import { createHash } from 'node:crypto';
import { LANGUAGES, type Text16 } from '@vitrine/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import sharp from 'sharp';
import { hashCode, hashPassword, newSalt } from '../../platform/secrets';
import { companyChatId } from '../../platform/chat-ids';
import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import type { Database, ProductsTable } from '../database';
import { buildToyModel, type ModelKind } from './toy-models';
import { type PictureKind, renderToyPicture } from './toy-pictures';
import { ABOUT, CATEGORIES, COLOURS, FACTORIES, HOT_AREAS, NEWS, PACKINGS, PRIVACY } from './vocabulary';
import { KIND_DESCRIPTIONS, REMARKS } from './vocabulary-product-texts';
import { ABOUT_MORE, NEWS_MORE } from './vocabulary-texts';
import { renderToyVideo } from './toy-video';
import { BASE_TOYS, type BaseToy } from './vocabulary-toys';

/** The fixed demo log-ins, printed at start and written in the README. */
export const DEMO_CREDENTIALS = [
  { site: 'demo', visitor: 'demo-visitor', customer: 'demo-buyer' },
  { site: 'demo2', visitor: 'demo2-visitor', customer: 'demo2-buyer' },
] as const;

/** The fixed demo staff of each exporter's console (/staff/), printed at start and written in the README. */
export const DEMO_STAFF = DEMO_CREDENTIALS.flatMap(({ site }) =>
  (['owner', 'sales', 'service'] as const).map((role) => ({
    site,
    role,
    email: `${role}@${site}.test`,
    password: `${site}-${role}`,
  })),
);

/** The about-us text in every language the demo writes it in. */
const ABOUT_TEXTS = { ...ABOUT, ...ABOUT_MORE };

/** One news item (the k-th of NEWS) in every language the demo writes it in. */
function newsIn(n: (typeof NEWS)[number], k: number) {
  const langs = ['en', 'zh', 'ar'] as const;
  return [
    ...langs.map((lang) => ({ lang, title: n.title[lang], body: n.body[lang] })),
    ...(Object.keys(NEWS_MORE) as (keyof typeof NEWS_MORE)[]).flatMap((lang) => {
      const t = NEWS_MORE[lang][k];
      return t ? [{ lang, ...t }] : [];
    }),
  ];
}

interface DemoCompany {
  site: 'demo' | 'demo2';
  name: string;
  nameEn: string;
  initials: string;
  logoColor: string;
  numberPrefix: string;
  website: Omit<Insertable<Database['websites']>, 'company_id' | 'code' | 'created_at' | 'updated_at'>;
  customer: { name: string; nickname: string; email: string; phone: string; country: string };
  contact: Omit<Insertable<Database['company_contacts']>, 'company_id' | 'created_at' | 'updated_at'>;
  aboutLangs: (keyof typeof ABOUT_TEXTS)[];
  /** Which factories (indexes into FACTORIES) supply this company. */
  factories: number[];
  /** Rotates the base toys so the two catalogues differ. */
  toyOffset: number;
}

const COMPANIES: DemoCompany[] = [
  {
    site: 'demo',
    name: '汕头市星辉玩具进出口有限公司',
    nameEn: 'Starlight Toys Import & Export Co., Ltd.',
    initials: 'ST',
    logoColor: '#2181ED',
    numberPrefix: 'ST',
    website: {
      template_style: 1,
      template_color: 1,
      default_lang: 11201002,
      show_news: 1,
      show_about_us: 1,
      show_contact: 1,
      show_article_number: 1,
      show_price: 1,
      show_privacy: 1,
      number_type: 1,
      trade_terms: 2,
      money_unit: 'USD',
      contact_type: 0,
      is_default_banner: 1,
      toy_type: 1,
    },
    customer: {
      name: 'Carlos Mendes',
      nickname: 'Carlos',
      email: 'carlos.mendes@example.com',
      phone: '+55 11 91234 5678',
      country: 'BR',
    },
    contact: {
      company_contact: 'Lily Chen',
      company_mobilephone: '+86 138 0754 1234',
      company_telephone: '+86 754 8588 1234',
      company_email: 'sales@starlight-toys.example',
      company_wechat: 'starlight-lily',
      company_whatsapp: '+86 138 0754 1234',
      company_facebook: 'facebook.com/starlighttoys.example',
      company_fax: '+86 754 8588 1235',
      company_qq: '800012345',
      company_address: '广东省汕头市澄海区玩具城国际展贸中心 A 座 8 楼',
      company_address_en:
        '8/F, Block A, Toy City International Exhibition Centre, Chenghai, Shantou, Guangdong, China',
      lang_type: 0,
    },
    aboutLangs: ['en', 'zh', 'ar', 'es', 'fr', 'ru', 'pt', 'de'],
    factories: [0, 1, 2, 3, 4, 5, 6, 7],
    toyOffset: 0,
  },
  {
    site: 'demo2',
    name: '东莞市沙漠玫瑰玩具贸易有限公司',
    nameEn: 'Desert Rose Toys Trading Co., Ltd.',
    initials: 'DR',
    logoColor: '#F33636',
    numberPrefix: 'DR',
    website: {
      template_style: 3,
      template_color: 4,
      default_lang: 11201005,
      show_news: 1,
      show_about_us: 1,
      show_contact: 1,
      show_article_number: 0,
      show_price: 0,
      number_type: 3,
      trade_terms: 4,
      money_unit: 'USD',
      contact_type: 0,
      is_default_banner: 0,
      toy_type: 2,
    },
    customer: {
      name: 'Fatima Al Suwaidi',
      nickname: 'Fatima',
      email: 'fatima@gulf-kids.example',
      phone: '+971 50 123 4567',
      country: 'AE',
    },
    contact: {
      company_contact: 'Kevin Wang',
      company_mobilephone: '+86 139 2290 5678',
      company_telephone: '+86 769 2288 5678',
      company_email: 'export@desertrose-toys.example',
      company_wechat: 'desertrose-kevin',
      company_whatsapp: '+86 139 2290 5678',
      company_facebook: '',
      company_fax: '',
      company_qq: '',
      company_address: '广东省东莞市茶山镇玩具产业园 18 号',
      company_address_en: 'No. 18 Toy Industrial Park, Chashan Town, Dongguan, Guangdong, China',
      lang_type: 0,
    },
    aboutLangs: ['en', 'zh', 'ar'],
    factories: [4, 5, 6, 7, 8, 9, 10, 11],
    toyOffset: 37,
  },
];

export interface SeedOptions {
  /** Products per company (300 by default; tests use fewer). */
  productsPerCompany?: number;
  /** Render product pictures (tests skip them for speed). */
  pictures?: boolean;
  /** Make the product videos (as pictures unless told). */
  videos?: boolean;
  log?: (line: string) => void;
}

/** Small deterministic PRNG, so every fresh demo is the same demo. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const DAY = 24 * 3600 * 1000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** name, name_en, name_es, … from a Text16. */
function columns<B extends string>(base: B, text: Text16): Record<string, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [`${base}${l.suffix}`, text[l.key]]));
}

function joinText(a: Text16, b: Text16, sep: string): Text16 {
  return Object.fromEntries(LANGUAGES.map((l) => [l.key, `${a[l.key]}${sep}${b[l.key]}`])) as Text16;
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

async function storeFile(
  trx: Transaction<Database>,
  storage: Storage,
  companyId: number,
  body: Buffer,
  contentType: string,
  ext: string,
  now: number,
  size?: { width: number; height: number },
): Promise<{ id: number; url: string }> {
  const sha = createHash('sha256').update(body).digest('hex');
  const key = `c${companyId}/${sha.slice(0, 2)}/${sha}.${ext}`;
  const existing = await trx
    .selectFrom('files')
    .select('id')
    .where('company_id', '=', companyId)
    .where('sha256', '=', sha)
    .executeTakeFirst();
  if (existing) return { id: existing.id, url: storage.publicUrl(key) };
  if (!(await storage.exists(key))) await storage.put(key, body, contentType);
  const { id } = await trx
    .insertInto('files')
    .values({
      company_id: companyId,
      storage_key: key,
      sha256: sha,
      content_type: contentType,
      size: body.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, url: storage.publicUrl(key) };
}

/** Toys that have a 3D model, by the kind of picture they are drawn as. */
const MODEL_OF: Partial<Record<PictureKind, ModelKind>> = {
  car: 'car',
  truck: 'car',
  robot: 'robot',
  ball: 'ball',
  blocks: 'blocks',
  rocket: 'rocket',
};
/** How many products of each company get a 3D model. */
const MODELS_PER_COMPANY = 12;
/**
 * Short product videos per company: under three seconds each, about 40 kB (toy-video.ts). Few,
 * as every fresh start makes them (a quarter of a second each on one free core).
 */
const VIDEOS_PER_COMPANY = 8;

/** Home banners, titled in every language of the site (the English title is also the fallback). */
const BANNERS = [
  {
    titles: {
      zh: '新品上市',
      en: 'New arrivals',
      es: 'Novedades',
      ru: 'Новинки',
      ar: 'وصل حديثًا',
      he: 'חדש במלאי',
      pl: 'Nowości',
      fr: 'Nouveautés',
      id: 'Produk baru',
      ja: '新着商品',
      ko: '신상품',
      th: 'สินค้าใหม่',
      pt: 'Novidades',
      vi: 'Hàng mới về',
      fil: 'Mga bagong dating',
      de: 'Neuheiten',
    },
    link: '/productDisplay?flag=new',
    kinds: ['car', 'robot', 'drone'] as const,
  },
  {
    titles: {
      zh: '现货供应，即刻发货',
      en: 'Spot goods, ready to ship',
      es: 'Stock disponible, listo para enviar',
      ru: 'Товар в наличии, готов к отправке',
      ar: 'بضائع جاهزة للشحن فورًا',
      he: 'סחורה במלאי, מוכנה למשלוח',
      pl: 'Towar dostępny od ręki, gotowy do wysyłki',
      fr: 'En stock, prêt à expédier',
      id: 'Stok siap kirim',
      ja: '在庫品、すぐに出荷できます',
      ko: '재고 상품, 즉시 출고',
      th: 'สินค้าพร้อมส่ง',
      pt: 'Pronta entrega, pronto para envio',
      vi: 'Hàng có sẵn, sẵn sàng giao',
      fil: 'May stock, handa nang ipadala',
      de: 'Lagerware, sofort versandbereit',
    },
    link: '/productDisplay?flag=spot',
    kinds: ['teddy', 'blocks', 'train'] as const,
  },
  {
    titles: {
      zh: '海湾国家系列',
      en: 'GCC collection',
      es: 'Colección para el CCG',
      ru: 'Коллекция для стран ССАГПЗ',
      ar: 'مجموعة دول الخليج',
      he: 'קולקציית מדינות המפרץ',
      pl: 'Kolekcja dla krajów Zatoki Perskiej',
      fr: 'Collection pays du Golfe',
      id: 'Koleksi negara Teluk (GCC)',
      ja: '湾岸諸国向けコレクション',
      ko: '걸프 국가 컬렉션',
      th: 'คอลเลกชันกลุ่มประเทศอ่าว',
      pt: 'Coleção para os países do Golfo',
      vi: 'Bộ sưu tập vùng Vịnh',
      fil: 'Koleksyon para sa mga bansang GCC',
      de: 'Kollektion für die Golfstaaten',
    },
    link: '/productDisplay?flag=gcc',
    kinds: ['doll', 'kitchen', 'water_gun'] as const,
  },
];

/** A wide home banner: the company's colour and three drawn toys on a soft stage. */
async function renderBanner(color: string, kinds: readonly PictureKind[], seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 560;
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1b1f3b"/></linearGradient>
      <radialGradient id="s" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <ellipse cx="1130" cy="470" rx="520" ry="60" fill="url(#s)"/></svg>`;
  const toys = await Promise.all(
    kinds.map((kind, i) =>
      renderToyPicture({ kind, color: '#ffffff', accent: color, seed: seed + i, view: 0, size: 360 }).then(
        (b) =>
          // Round the studio shot into a soft disc so it sits on the stage.
          sharp(b)
            .composite([
              {
                input: Buffer.from('<svg width="360" height="360"><circle cx="180" cy="180" r="178"/></svg>'),
                blend: 'dest-in',
              },
            ])
            .png()
            .toBuffer(),
      ),
    ),
  );
  return sharp(Buffer.from(backdrop))
    .composite(toys.map((input, i) => ({ input, left: 640 + i * 300, top: i === 1 ? 90 : 150 })))
    .jpeg({ quality: 82 })
    .toBuffer();
}

function logoSvg(c: DemoCompany): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c.logoColor}"/><stop offset="1" stop-color="#1b1f3b"/></linearGradient></defs>
  <rect x="8" y="8" width="240" height="240" rx="56" fill="url(#g)"/>
  <path d="M128 34 l22 44 48 7 -35 34 8 48 -43 -23 -43 23 8 -48 -35 -34 48 -7z" fill="#ffffff" opacity="0.18"/>
  <text x="128" y="158" text-anchor="middle" font-family="sans-serif" font-size="92" font-weight="700" fill="#ffffff">${c.initials}</text>
</svg>`;
}

/** Seeds the two demo exporters with their catalogues; returns a one-line summary per company. */
export async function seedDemo(db: Kysely<Database>, storage: Storage, clock: Clock, opts: SeedOptions = {}) {
  const perCompany = opts.productsPerCompany ?? 300;
  const withPictures = opts.pictures ?? true;
  const withVideos = opts.videos ?? withPictures;
  const log = opts.log ?? (() => undefined);
  const summary: string[] = [];
  const now = clock.now();

  for (const [companyIndex, c] of COMPANIES.entries()) {
    const existing = await db
      .selectFrom('websites')
      .select('id')
      .where('code', '=', c.site)
      .executeTakeFirst();
    if (existing) {
      log(`${c.site}: already present, left as it is`);
      continue;
    }
    const rnd = prng(20261122 + companyIndex * 7919);
    const salt = newSalt();
    const creds = DEMO_CREDENTIALS.find((d) => d.site === c.site);
    if (!creds) throw new Error(`No demo credentials for ${c.site}`);
    const [visitorHash, customerHash] = await Promise.all([
      hashCode(creds.visitor, salt),
      hashCode(creds.customer, salt),
    ]);

    // Plan the catalogue first (pure), render pictures outside the transaction (CPU-bound),
    // then write everything in one transaction so a crash never leaves half a demo.
    const plan = Array.from({ length: perCompany }, (_, i) => {
      const toy = BASE_TOYS[(i + c.toyOffset) % BASE_TOYS.length] as BaseToy;
      const colour = COLOURS[
        Math.floor(i / BASE_TOYS.length + i * 3) % COLOURS.length
      ] as (typeof COLOURS)[number];
      const accent = COLOURS[(COLOURS.indexOf(colour) + 3) % COLOURS.length] as (typeof COLOURS)[number];
      return { i, toy, colour, accent };
    });

    const pictures = new Map<number, Buffer[]>();
    if (withPictures) {
      const started = Date.now();
      let next = 0;
      const worker = async () => {
        while (next < plan.length) {
          const p = plan[next++];
          if (!p) break;
          const views = await Promise.all(
            ([0, 1] as const).map((view) =>
              renderToyPicture({
                kind: p.toy.picture,
                color: p.colour.hex,
                accent: p.accent.hex,
                seed: p.i * 31 + companyIndex,
                view,
                size: 800,
              }),
            ),
          );
          pictures.set(p.i, views);
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      log(
        `${c.site}: rendered ${pictures.size * 2} product pictures in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const logo = await sharp(Buffer.from(logoSvg(c)))
      .png()
      .toBuffer();
    // A share of the products has a short video (issue 21, item 17): eight, of various kinds.
    const videos = new Map<number, Buffer>();
    if (withVideos) {
      const started = Date.now();
      for (const p of plan.filter((q) => q.i % 10 === 2).slice(0, VIDEOS_PER_COMPANY)) {
        videos.set(
          p.i,
          await renderToyVideo({
            kind: p.toy.picture,
            color: p.colour.hex,
            accent: p.accent.hex,
            seed: p.i * 31 + companyIndex,
          }),
        );
      }
      log(`${c.site}: made ${videos.size} product videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const withModel = plan.filter((p) => MODEL_OF[p.toy.picture]).slice(0, MODELS_PER_COMPANY);
    const models = new Map<number, Buffer>();
    for (const p of withModel) {
      const kind = MODEL_OF[p.toy.picture];
      if (kind) models.set(p.i, Buffer.from(await buildToyModel(kind, p.colour.hex, p.accent.hex)));
    }
    const banners = await Promise.all(
      BANNERS.map((b, i) => renderBanner(c.logoColor, b.kinds, companyIndex * 10 + i)),
    );
    // A top-level category's tile shows a toy of its first child category, in the company's colour.
    const categoryPictures = withPictures
      ? await Promise.all(
          CATEGORIES.map((parent, i) => {
            const childKeys = new Set(parent.children.map((ch) => ch.key));
            const toy = BASE_TOYS.find((t) => childKeys.has(t.category));
            return toy
              ? renderToyPicture({
                  kind: toy.picture,
                  color: c.logoColor,
                  accent: '#ffffff',
                  seed: companyIndex * 100 + i,
                  view: 0,
                  size: 320,
                })
              : Promise.resolve(null);
          }),
        )
      : [];

    await db.transaction().execute(async (trx) => {
      const { id: companyId } = await trx
        .insertInto('companies')
        .values({
          name: c.name,
          name_en: c.nameEn,
          logo: '',
          code_salt: salt,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const logoFile = await storeFile(trx, storage, companyId, logo, 'image/png', 'png', now, {
        width: 256,
        height: 256,
      });
      await trx.updateTable('companies').set({ logo: logoFile.url }).where('id', '=', companyId).execute();

      const { id: websiteId } = await trx
        .insertInto('websites')
        .values({ ...c.website, company_id: companyId, code: c.site, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const [sort, b] of BANNERS.entries()) {
        const banner = banners[sort];
        if (!banner) continue;
        const file = await storeFile(trx, storage, companyId, banner, 'image/jpeg', 'jpg', now, {
          width: 1600,
          height: 560,
        });
        await trx
          .insertInto('adverts')
          .values({
            company_id: companyId,
            website_id: websiteId,
            position: 'home',
            title: b.titles.en,
            titles: JSON.stringify(b.titles),
            picture: file.url,
            link: b.link,
            sort,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }

      await trx
        .insertInto('company_contacts')
        .values({ ...c.contact, company_id: companyId, created_at: now, updated_at: now })
        .execute();
      await trx
        .insertInto('company_texts')
        .values(
          c.aboutLangs.map((lang) => ({
            company_id: companyId,
            kind: 'about',
            lang,
            body: ABOUT_TEXTS[lang],
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      if (c.website.show_privacy)
        await trx
          .insertInto('company_texts')
          .values(
            (['en', 'zh'] as const).map((lang) => ({
              company_id: companyId,
              kind: 'privacy',
              lang,
              title: PRIVACY[lang].title,
              body: PRIVACY[lang].body,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();

      await trx
        .insertInto('access_codes')
        .values({
          company_id: companyId,
          website_id: websiteId,
          code_hash: visitorHash,
          label: 'Demo visitor code',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('customers')
        .values({
          company_id: companyId,
          customer_name: c.customer.name,
          nickname: c.customer.nickname,
          email: c.customer.email,
          phone: c.customer.phone,
          country: c.customer.country,
          password_hash: customerHash,
          chat_id: `${c.site}-customer-1`,
          chat_customer_id: companyChatId(companyId),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const staffNames = {
        owner: c.contact.company_contact ?? 'Owner',
        sales: 'Sales desk',
        service: 'Customer service',
      };
      for (const member of DEMO_STAFF.filter((m) => m.site === c.site)) {
        await trx
          .insertInto('staff_users')
          .values({
            company_id: companyId,
            name: staffNames[member.role],
            email: member.email,
            password_hash: await hashPassword(member.password),
            chat_id: `${c.site}-staff-${member.role}`,
            role: member.role,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }

      // Two levels of categories.
      const categoryIds = new Map<string, number>();
      for (const [pi, parent] of CATEGORIES.entries()) {
        const tile = categoryPictures[pi];
        const picture = tile
          ? (
              await storeFile(trx, storage, companyId, tile, 'image/jpeg', 'jpg', now, {
                width: 320,
                height: 320,
              })
            ).url
          : '';
        const { id: parentId } = await trx
          .insertInto('categories')
          .values({
            ...columns('name', parent.name),
            company_id: companyId,
            parent_id: null,
            picture,
            sort: pi,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        categoryIds.set(parent.key, parentId);
        for (const [ci, child] of parent.children.entries()) {
          const { id } = await trx
            .insertInto('categories')
            .values({
              ...columns('name', child.name),
              company_id: companyId,
              parent_id: parentId,
              sort: ci,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          categoryIds.set(child.key, id);
        }
      }

      const factoryIds: number[] = [];
      for (const fi of c.factories) {
        const f = FACTORIES[fi];
        if (!f) continue;
        const { id } = await trx
          .insertInto('factories')
          .values({
            company_id: companyId,
            name: f.name,
            name_en: f.name_en,
            contact: f.contact,
            phone: f.phone,
            address_en: f.city_en,
            inspection_level: rnd.pick(['A', 'A', 'B']),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        factoryIds.push(id);
      }

      const areaIds: number[] = [];
      for (const [ai, area] of HOT_AREAS.entries()) {
        const { id } = await trx
          .insertInto('hot_areas')
          .values({
            ...columns('area_name', area.name),
            company_id: companyId,
            sort: ai,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        areaIds.push(id);
      }

      const modelUrls = new Map<number, string>();
      for (const [i, glb] of models) {
        modelUrls.set(
          i,
          (await storeFile(trx, storage, companyId, glb, 'model/gltf-binary', 'glb', now)).url,
        );
      }

      const videoUrls = new Map<number, string>();
      for (const [i, webm] of videos) {
        videoUrls.set(i, (await storeFile(trx, storage, companyId, webm, 'video/webm', 'webm', now)).url);
      }
      const writes = c.website.default_lang === 11201005 ? 'ar' : 'en';

      // Products, in batches.
      const rows: Insertable<ProductsTable>[] = plan.map(({ i, toy, colour }) => {
        const factoryIndex = i % factoryIds.length;
        const price = round(rnd.between(toy.price[0], toy.price[1]), 2);
        const cartonQty = rnd.int(toy.cartonQty[0], toy.cartonQty[1]);
        const [l, w, h] = toy.carton.map((d) => round(d * rnd.between(0.94, 1.06), 0)) as [
          number,
          number,
          number,
        ];
        const gross = round(toy.grossKg * rnd.between(0.92, 1.08), 1);
        const createdAt = now - rnd.int(1, 540) * DAY;
        const expired = rnd.chance(0.02);
        const packing = PACKINGS[(i * 7 + toy.key.length) % PACKINGS.length] as (typeof PACKINGS)[number];
        return {
          ...columns('name', joinText(toy.name, colour.name, ' – ')),
          ...columns('packing', packing.name),
          company_id: companyId,
          category_id: categoryIds.get(toy.category) ?? null,
          factory_id: factoryIds[factoryIndex] ?? null,
          toy_number: `${c.numberPrefix}-${String(1001 + i)}`,
          article_number: `${String.fromCharCode(65 + factoryIndex)}${rnd.int(1000, 9899)}${rnd.pick(['', 'A', 'B', 'C'])}`,
          company_number: `${c.numberPrefix}${String(20000 + i * 3)}`,
          factory_number: `F${String(factoryIndex + 1).padStart(2, '0')}-${rnd.int(100, 999)}`,
          purchase_number: 1,
          toy_type: c.website.toy_type ?? 1,
          exworks_price: price,
          price_valid_until: now + rnd.int(30, 180) * DAY,
          stock_quantity: rnd.chance(0.3) ? rnd.int(10, 400) * 10 : 0,
          carton_quantity: cartonQty,
          inner_boxes: rnd.pick([0, 2, 4, 6, 12]),
          carton_length: l,
          carton_width: w,
          carton_height: h,
          pack_length: round(l / rnd.int(2, 4), 1),
          pack_width: round(w / rnd.int(2, 3), 1),
          pack_height: round(h / rnd.int(2, 4), 1),
          gross_weight: gross,
          net_weight: round(gross * 0.86, 1),
          certification: rnd.pick([
            'EN71',
            'EN71, ASTM F963',
            'EN71, CE, ASTM F963, CPC',
            '3C, EN71',
            'ASTM F963, CPC',
          ]),
          // A third of the products described, a quarter with a remark, in the exporter's language.
          description: i % 3 === 0 ? KIND_DESCRIPTIONS[toy.picture][writes] : '',
          remark: i % 4 === 1 ? (REMARKS[(i >> 2) % REMARKS.length] as (typeof REMARKS)[number])[writes] : '',
          video_url: videoUrls.get(i) ?? '',
          is_new: createdAt > now - 180 * DAY ? 1 : 0,
          is_recommend: rnd.chance(0.15) ? 1 : 0,
          is_spot: rnd.chance(0.25) ? 1 : 0,
          is_gcc: rnd.chance(0.2) ? 1 : 0,
          is_cash_sale: rnd.chance(0.1) ? 1 : 0,
          is_3d: modelUrls.has(i) ? 1 : 0,
          model_url: modelUrls.get(i) ?? '',
          is_hot: rnd.chance(0.15) ? 1 : 0,
          is_expire: expired ? 1 : 0,
          removed_time: expired ? now - rnd.int(1, 30) * DAY : null,
          click_count: rnd.int(0, 500),
          select_count: rnd.int(0, 80),
          sort: 0,
          created_at: createdAt,
          updated_at: createdAt + rnd.int(0, 60) * DAY,
        };
      });
      const productIds: number[] = [];
      for (let start = 0; start < rows.length; start += 40) {
        const ids = await trx
          .insertInto('products')
          .values(rows.slice(start, start + 40))
          .returning('id')
          .execute();
        productIds.push(...ids.map((r) => r.id));
      }

      if (withPictures) {
        for (const [index, productId] of productIds.entries()) {
          for (const [sort, body] of (pictures.get(index) ?? []).entries()) {
            const file = await storeFile(trx, storage, companyId, body, 'image/jpeg', 'jpg', now, {
              width: 800,
              height: 800,
            });
            await trx
              .insertInto('product_pictures')
              .values({
                company_id: companyId,
                product_id: productId,
                file_id: file.id,
                sort,
                created_at: now,
              })
              .execute();
          }
        }
      }

      // Hot products per buyer region: a ranked dozen each.
      const hotRows = areaIds.flatMap((areaId, ai) =>
        Array.from({ length: Math.min(12, productIds.length) }, (_, rank) => ({
          company_id: companyId,
          area_id: areaId,
          product_id: productIds[(ai * 5 + rank * 7) % productIds.length] as number,
          // Ranked from 1: 0 is the column's "no rank given" (decision 0065).
          rank: rank + 1,
        })),
      );
      const seen = new Set<string>();
      const uniqueHot = hotRows.filter(
        (r) => !seen.has(`${r.area_id}:${r.product_id}`) && seen.add(`${r.area_id}:${r.product_id}`),
      );
      if (uniqueHot.length) await trx.insertInto('product_hot_areas').values(uniqueHot).execute();

      // A showroom with booths, each showing a few products.
      const { id: showroomId } = await trx
        .insertInto('showrooms')
        .values({
          company_id: companyId,
          name: `${c.name}展厅`,
          name_en: `${c.nameEn} Showroom`,
          address: c.contact.company_address ?? '',
          address_en: c.contact.company_address_en ?? '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let b = 0; b < 6; b++) {
        const { id: boothId } = await trx
          .insertInto('booths')
          .values({
            company_id: companyId,
            showroom_id: showroomId,
            booth_number: `${String.fromCharCode(65 + Math.floor(b / 3))}${101 + (b % 3)}`,
            name: `${String.fromCharCode(65 + Math.floor(b / 3))}区 ${101 + (b % 3)} 号展位`,
            name_en: `Hall ${String.fromCharCode(65 + Math.floor(b / 3))}, Booth ${101 + (b % 3)}`,
            sort: b,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const boothProducts = [
          ...new Set(
            Array.from({ length: 8 }, (_, k) => productIds[(b * 8 + k) % productIds.length] as number),
          ),
        ];
        await trx
          .insertInto('booth_products')
          .values(
            boothProducts.map((product_id, sort) => ({
              company_id: companyId,
              booth_id: boothId,
              product_id,
              sort,
            })),
          )
          .execute();
      }

      const certificates = [
        {
          kind: 'certificate' as const,
          name: 'EN71-1/2/3 测试报告',
          name_en: 'EN71-1/2/3 Test Report',
          issuer: 'SGS',
        },
        {
          kind: 'certificate' as const,
          name: 'ASTM F963-17 测试报告',
          name_en: 'ASTM F963-17 Test Report',
          issuer: 'Intertek',
        },
        {
          kind: 'certificate' as const,
          name: 'CE 符合性声明',
          name_en: 'CE Declaration of Conformity',
          issuer: 'TÜV Rheinland',
        },
        {
          kind: 'certificate' as const,
          name: 'CPC 儿童产品证书',
          name_en: 'Children’s Product Certificate (CPC)',
          issuer: 'Bureau Veritas',
        },
        {
          kind: 'inspection' as const,
          name: 'BSCI 验厂报告',
          name_en: 'BSCI Factory Audit',
          issuer: 'amfori BSCI',
        },
        {
          kind: 'inspection' as const,
          name: 'ISO 9001 质量管理体系',
          name_en: 'ISO 9001 Quality Management',
          issuer: 'SGS',
        },
        {
          kind: 'inspection' as const,
          name: 'ICTI 玩具行业道德规范',
          name_en: 'ICTI Ethical Toy Program',
          issuer: 'ICTI',
        },
      ];
      await trx
        .insertInto('certificates')
        .values(
          certificates.map((cert, sort) => ({
            ...cert,
            company_id: companyId,
            factory_id: cert.kind === 'inspection' ? (factoryIds[sort % factoryIds.length] ?? null) : null,
            number: `${cert.issuer.replace(/\W/g, '').slice(0, 3).toUpperCase()}-${2025 + (sort % 2)}-${rnd.int(10000, 99999)}`,
            // Issued a year or more ago (not drawn: the seed's later draws stay as they were).
            valid_from: now - (365 + sort * 30) * DAY,
            valid_until: now + rnd.int(200, 900) * DAY,
            sort,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();

      const newsRows = NEWS.flatMap((n, k) =>
        newsIn(n, k).map(({ lang, title, body }) => ({
          company_id: companyId,
          category: n.category,
          lang,
          title,
          content: body,
          published_at: now - (k * 9 + 2) * DAY,
          created_at: now,
          updated_at: now,
        })),
      );
      await trx.insertInto('news').values(newsRows).execute();

      summary.push(`${c.site} (${c.nameEn}): ${productIds.length} products`);
    });
  }
  return summary;
}
