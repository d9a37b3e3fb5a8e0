import type { ProductCard, SessionUser, WebsiteInfo } from '@vitrine/contract';

export const demoSite: WebsiteInfo = {
  id: 1,
  site: 'demo',
  company_id: 1,
  company_name: '汕头市星辉玩具进出口有限公司',
  company_name_en: 'Starlight Toys Import & Export Co., Ltd.',
  company_logo: '/files/1/logo.png',
  template_style: 1,
  template_color: 1,
  default_lang: 11201002,
  show_function: { news: 1, about_us: 1, contact: 1 },
  show_article_number: 1,
  show_price: 1,
  number_type: 1,
  trade_terms: 2,
  money_unit: 'USD',
  contact_type: 0,
  is_default_banner: 1,
  bg_setting: '',
  bg_image: '',
  bg_image_setting: 0,
  toy_type: 1,
  show_privacy: 0,
};

export const customer: SessionUser = {
  login_type: 1,
  customer_id: 7,
  customer_name: 'Carlos Mendes',
  nickname: 'Carlos',
  avatar: '',
  chat_id: null,
  chat_customer_id: null,
  chat_user_sig: null,
  expires_at: Date.now() + 86_400_000,
};

export const visitor: SessionUser = {
  ...customer,
  login_type: 0,
  customer_id: null,
  customer_name: '',
  nickname: '',
};

/** A product card as the lists answer it, named `Toy <id>`. */
export const productCard = (id: number): ProductCard => ({
  id,
  number: `ST-${id}`,
  name: `Toy ${id}`,
  packing: 'Box',
  picture: '',
  price: 2,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 10, width: 10, height: 10, cbm: 0.001, cuft: 0.04 },
  carton_quantity: 12,
  gross_weight: 3,
  net_weight: 2,
  purchase_number: 1,
  category_id: 11,
  factory_id: null,
  flags: { is_new: 0, is_recommend: 0, is_spot: 0, is_gcc: 0, is_cash_sale: 0, is_3d: 0, is_hot: 0 },
  is_expire: 0,
  created_at: 0,
  updated_at: 0,
});
