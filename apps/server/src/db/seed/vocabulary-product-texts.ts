/**
 * Descriptions and remarks for a share of the demo products (issue 21, item 17), so the product
 * page shows those parts. A product has one description and one remark (not one per language),
 * written by the exporter: the demo writes them in its default language, English for the first
 * exporter and Arabic for the second.
 */
import type { PictureKind } from './toy-pictures';

type Written = { en: string; ar: string };

/** What a product of each kind is and does, a sentence or two. */
export const KIND_DESCRIPTIONS: Record<PictureKind, Written> = {
  car: {
    en: 'Sturdy toy car with rubber tyres and independent suspension that handles carpet, grass and gravel.\nRechargeable battery pack and charging cable included.',
    ar: 'سيارة لعبة متينة بإطارات مطاطية وتعليق مستقل تسير على السجاد والعشب والحصى.\nتأتي مع بطارية قابلة لإعادة الشحن وكابل شحن.',
  },
  truck: {
    en: 'Working toy truck with moving arm and tipping parts, built from thick ABS for outdoor play.\nLights and sound run on 3 AA batteries (not included).',
    ar: 'شاحنة لعبة تعمل بذراع متحركة وأجزاء قلابة، مصنوعة من بلاستيك ABS سميك للعب في الخارج.\nالأضواء والأصوات تعمل بثلاث بطاريات AA (غير مرفقة).',
  },
  train: {
    en: 'Train set that snaps together without tools; the tracks can be rebuilt into several layouts.\nSuitable for children from 3 years.',
    ar: 'مجموعة قطار تُركّب دون أدوات، ويمكن إعادة ترتيب القضبان بأشكال متعددة.\nمناسبة للأطفال من عمر 3 سنوات.',
  },
  plane: {
    en: 'Lightweight foam aircraft that survives hard landings; the wings slot in and spare parts are included.\nFor flying outdoors in light wind.',
    ar: 'طائرة خفيفة من الفوم تتحمل الهبوط القوي، تُركّب أجنحتها بسهولة وتأتي مع قطع غيار.\nللطيران في الهواء الطلق مع رياح خفيفة.',
  },
  helicopter: {
    en: 'Indoor helicopter with gyro stabiliser for steady hovering and an alloy frame that takes knocks.\nUSB charging, about 8 minutes of flight.',
    ar: 'مروحية داخلية بمثبّت جيروسكوبي لتحليق ثابت وهيكل معدني يتحمل الصدمات.\nشحن عبر USB، ونحو 8 دقائق من الطيران.',
  },
  drone: {
    en: 'Foldable drone with altitude hold, headless mode and one-key take-off and landing, easy for beginners.\nFits in the carry case supplied.',
    ar: 'طائرة درون قابلة للطي مع تثبيت الارتفاع ووضع القيادة الحرة والإقلاع والهبوط بزر واحد، سهلة للمبتدئين.\nتُحفظ في الحقيبة المرفقة.',
  },
  kite: {
    en: 'Ripstop nylon kite with fibreglass spars that flies in light to moderate wind.\nLine and handle included.',
    ar: 'طائرة ورقية من نايلون مقاوم للتمزق بقضبان من الألياف الزجاجية، تطير في الرياح الخفيفة والمعتدلة.\nتأتي مع الخيط والمقبض.',
  },
  doll: {
    en: 'Doll with rooted hair and jointed arms and legs, dressed in washable clothes.\nAccessories come in the box.',
    ar: 'دمية بشعر مزروع وذراعين وساقين متحركة، بملابس قابلة للغسل.\nالإكسسوارات داخل العلبة.',
  },
  teddy: {
    en: 'Soft plush with embroidered eyes, safe for toddlers, filled with hypoallergenic fibre.\nSurface washable.',
    ar: 'لعبة محشوة ناعمة بعيون مطرزة، آمنة للأطفال الصغار ومحشوة بألياف مضادة للحساسية.\nيمكن تنظيف سطحها بالماء.',
  },
  blocks: {
    en: 'Building bricks compatible with the major brands, in food-grade ABS with smooth edges.\nIllustrated instructions included.',
    ar: 'مكعبات بناء متوافقة مع العلامات التجارية الكبرى، من بلاستيك ABS آمن بحواف ناعمة.\nمع دليل تركيب مصوّر.',
  },
  puzzle: {
    en: 'Puzzle with thick, precisely cut pieces that fit snugly and a picture printed in soy-based inks.\nComes with a poster to follow.',
    ar: 'أحجية بقطع سميكة مقصوصة بدقة تتطابق بإحكام، وصورة مطبوعة بأحبار نباتية.\nتأتي مع ملصق للاسترشاد به.',
  },
  water_gun: {
    en: 'Water blaster with a large tank and a range of about 8 metres; refills in seconds from a tap or pool.',
    ar: 'مسدس مياه بخزان كبير ومدى يقارب 8 أمتار، يُعاد ملؤه في ثوانٍ من الصنبور أو المسبح.',
  },
  ball: {
    en: 'Playground ball in soft, durable PVC that bounces well on any surface.\nSupplied deflated with a pump needle.',
    ar: 'كرة ملاعب من PVC ناعم ومتين ترتد جيدًا على أي سطح.\nتُورّد مفرغة مع إبرة نفخ.',
  },
  football: {
    en: 'Machine-stitched football with a soft-touch PU cover and butyl bladder that keeps its shape and pressure.\nSupplied deflated.',
    ar: 'كرة قدم مخيطة آليًا بغلاف PU ناعم الملمس وكيس هواء من البيوتيل يحافظ على شكلها وضغطها.\nتُورّد مفرغة.',
  },
  flying_ball: {
    en: 'Flying ball that hovers above the hand and rises or turns away as the hand moves; the cage protects the propeller.\nUSB charging, LED lights.',
    ar: 'كرة طائرة تحوم فوق اليد وترتفع أو تبتعد مع حركة اليد، ويحمي القفص المروحة.\nشحن عبر USB وأضواء LED.',
  },
  bubble: {
    en: 'Bubble toy that makes streams of bubbles at the press of a button.\nNon-toxic solution included.',
    ar: 'لعبة فقاعات تطلق سيلًا من الفقاعات بضغطة زر.\nمع محلول غير سام.',
  },
  guitar: {
    en: 'Child-size guitar with real strings and tuning pegs, sized for small hands.',
    ar: 'غيتار بحجم مناسب للأطفال بأوتار حقيقية ومفاتيح ضبط، مصمم للأيدي الصغيرة.',
  },
  xylophone: {
    en: 'Colourful xylophone with tuned metal keys on a wooden base; mallets included.',
    ar: 'إكسيليفون ملوّن بمفاتيح معدنية مضبوطة النغمة على قاعدة خشبية، مع المطارق.',
  },
  microscope: {
    en: 'Real optics for young scientists: LED lighting, focus wheel and prepared slides to start with.',
    ar: 'عدسات حقيقية للعلماء الصغار: إضاءة LED وعجلة ضبط وشرائح جاهزة للبدء.',
  },
  kitchen: {
    en: 'Pretend cooking set with sturdy pieces sized for little chefs, stored in a handy box.',
    ar: 'مجموعة طبخ تمثيلية بقطع متينة تناسب الطهاة الصغار، تُحفظ في علبة عملية.',
  },
  doctor_kit: {
    en: 'Role-play kit with the tools of the trade in a carry case; every piece has rounded edges.',
    ar: 'مجموعة لعب أدوار بأدوات المهنة داخل حقيبة، وجميع القطع بحواف مستديرة.',
  },
  robot: {
    en: 'Robot that walks, talks and dances, with lights and sound effects.\nProgrammable with the remote control.',
    ar: 'روبوت يمشي ويتكلم ويرقص، مع أضواء ومؤثرات صوتية.\nقابل للبرمجة عبر جهاز التحكم.',
  },
  dinosaur: {
    en: 'Detailed dinosaur with hand-painted finish and realistic texture, a favourite for imaginative play.',
    ar: 'ديناصور مفصّل بطلاء يدوي وملمس واقعي، مفضّل في اللعب التخيلي.',
  },
  action_figure: {
    en: 'Posable figure with 14 points of articulation and accessories that clip on.',
    ar: 'مجسم قابل للتحريك بأربعة عشر مفصلًا وإكسسوارات تُثبّت عليه.',
  },
  boat: {
    en: 'Boat that floats upright and moves through the water, for the bath or the pool.',
    ar: 'قارب يطفو معتدلًا ويتحرك في الماء، للحمّام أو المسبح.',
  },
  rocket: {
    en: 'Rocket set that teaches how thrust works; launches safely outdoors without fuel or fire.',
    ar: 'مجموعة صاروخ تعلّم مبدأ قوة الدفع، وتنطلق بأمان في الهواء الطلق دون وقود أو نار.',
  },
};

/** Remarks an exporter adds to some products: packing, lead times, options. */
export const REMARKS: Written[] = [
  {
    en: 'Batteries not included.\nMixed colours in each carton; single colours on request for orders of 50 cartons or more.',
    ar: 'البطاريات غير مرفقة.\nألوان مختلطة في كل كرتونة، ويمكن طلب لون واحد للطلبات من 50 كرتونة فأكثر.',
  },
  {
    en: 'Custom packaging with your logo from 3 000 pieces.\nLead time 30–35 days after deposit.',
    ar: 'تغليف خاص بشعاركم ابتداءً من 3000 قطعة.\nمدة التصنيع 30–35 يومًا بعد الدفعة المقدمة.',
  },
  {
    en: 'English and Arabic instructions in the box.\nTest reports available on request.',
    ar: 'تعليمات باللغتين الإنجليزية والعربية داخل العلبة.\nتقارير الاختبار متاحة عند الطلب.',
  },
  {
    en: 'New mould this season: samples ship within three working days.',
    ar: 'قالب جديد هذا الموسم: تُشحن العينات خلال ثلاثة أيام عمل.',
  },
];
