import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { screen, waitFor, within, configure } from '@testing-library/react';
import { type CompanyContact, languageByKey } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearContactsCache } from '../../app/layout/useContacts';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { demoSite, visitor } from '../../test/fixtures';
import { splitParagraphs } from '../../components/page/Paragraphs';

// Whole-app renders can be slow on a busy machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

const lang = (key: string) => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

beforeEach(async () => {
  queryClient.clear();
  clearContactsCache();
  await setLanguage(lang('en'));
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
});

const DAY = 86_400_000;

const companyInfo = (body: string | null) => ({
  company_name: '汕头市星辉玩具进出口有限公司',
  company_name_en: 'Starlight Toys Import & Export Co., Ltd.',
  company_logo: '/files/1/logo.png',
  about: body === null ? null : { lang: 'en', body },
});

describe('about us', () => {
  it('splits the text into paragraphs on blank lines, and never renders it as HTML', async () => {
    mockApi({
      get_company_info: () =>
        ok(
          companyInfo(
            'Founded in 1998 in Chenghai.\n\n  \nWe export to 60 countries.\nEN71 tested.\r\n\r\n<b>Bold</b> claims',
          ),
        ),
    });
    renderApp('/aboutUs');
    await screen.findByText('Founded in 1998 in Chenghai.');
    const article = screen.getByRole('article');
    const paragraphs = [...article.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'Founded in 1998 in Chenghai.',
      'We export to 60 countries.\nEN71 tested.',
      '<b>Bold</b> claims',
    ]);
    expect(article.querySelector('b')).toBeNull();
  });

  it('shows the English name in English, with links to the company pages', async () => {
    mockApi({ get_company_info: () => ok(companyInfo('Hello.')) });
    renderApp('/aboutUs');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Starlight Toys Import & Export Co., Ltd.' }),
    ).toBeInTheDocument();
    const more = screen.getByRole('navigation', { name: 'More about us' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/certificates', '/inspection', '/showroom']);
  });

  it('shows the Chinese name in Chinese', async () => {
    await setLanguage(lang('zh'));
    mockApi({ get_company_info: () => ok(companyInfo('你好。')) });
    renderApp('/aboutUs');
    expect(
      await screen.findByRole('heading', { level: 2, name: '汕头市星辉玩具进出口有限公司' }),
    ).toBeInTheDocument();
  });

  it('says in Hebrew that the text is shown in English, marked English and left to right', async () => {
    await setLanguage(lang('he'));
    mockApi({ get_company_info: () => ok(companyInfo('Founded in 1998 in Chenghai.')) });
    renderApp('/aboutUs');
    const text = (await screen.findByText('Founded in 1998 in Chenghai.')).closest('[lang]');
    expect(text).toHaveAttribute('lang', 'en');
    expect(text).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('מוצג באנגלית')).toBeInTheDocument();
  });

  it('says nothing of the language when the text is in the interface language', async () => {
    mockApi({ get_company_info: () => ok(companyInfo('Founded in 1998 in Chenghai.')) });
    renderApp('/aboutUs');
    await screen.findByText('Founded in 1998 in Chenghai.');
    expect(screen.queryByText(/^Shown in/)).toBeNull();
  });

  it('says so when there is no about text', async () => {
    mockApi({ get_company_info: () => ok(companyInfo(null)) });
    renderApp('/aboutUs');
    expect(await screen.findByText('The company has not published an introduction yet.')).toBeInTheDocument();
  });

  it('splitParagraphs drops empty paragraphs', () => {
    expect(splitParagraphs('\n\nOne\n \nTwo\n\n\n')).toEqual(['One', 'Two']);
    expect(splitParagraphs(null)).toEqual([]);
  });
});

const contact = (over: Partial<CompanyContact> = {}): CompanyContact => ({
  company_contact: 'Lily Chen',
  company_mobilephone: '+86 138 0754 1234',
  company_telephone: '',
  company_email: 'sales@starlight.example',
  company_wechat: 'starlight-lily',
  company_whatsapp: '+86 138-0754-1234',
  company_facebook: '',
  company_fax: '  ',
  company_qq: '800012345',
  company_address: '广东省汕头市',
  company_address_en: 'Chenghai, Shantou',
  lang_type: 0,
  address: 'Chenghai, Shantou',
  ...over,
});

describe('contact us', () => {
  it('shows only the fields that have a value, each as it should be followed', async () => {
    mockApi({ contact_us: () => ok({ contact_type: 0, contacts: [contact()] }) });
    renderApp('/contactUs');
    expect(await screen.findByText('Lily Chen')).toBeInTheDocument();
    const labels = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Mobile', 'Email', 'WeChat', 'WhatsApp', 'QQ']);
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Fax')).not.toBeInTheDocument();
    expect(screen.queryByText('Facebook')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'sales@starlight.example' })).toHaveAttribute(
      'href',
      'mailto:sales@starlight.example',
    );
    expect(screen.getByRole('link', { name: /\+86 138-0754-1234/ })).toHaveAttribute(
      'href',
      'https://wa.me/8613807541234',
    );
    const mobile = screen.getByRole('link', { name: '+86 138 0754 1234' });
    expect(mobile).toHaveAttribute('href', 'tel:+8613807541234');
    // Numbers read left to right, even in Arabic.
    expect(mobile.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Chenghai, Shantou')).toBeInTheDocument();

    // WeChat and QQ have no link to follow: they can be copied.
    expect(screen.getByRole('button', { name: 'Copy WeChat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy QQ' })).toBeInTheDocument();
  });

  it('copies a WeChat id, and says so when the clipboard refuses', async () => {
    mockApi({ contact_us: () => ok({ contact_type: 0, contacts: [contact()] }) });
    const { user } = renderApp('/contactUs');
    const writeText = vi.fn().mockResolvedValue(undefined);
    // userEvent installs a clipboard of its own; replace it.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Copy WeChat' }));
    expect(writeText).toHaveBeenCalledWith('starlight-lily');
    expect(await screen.findByText('Copied', { selector: '[role="status"] *' })).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy QQ' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('says so when no contact has any value', async () => {
    mockApi({
      contact_us: () =>
        ok({
          contact_type: 0,
          contacts: [
            contact({
              company_contact: '',
              company_mobilephone: '',
              company_email: '',
              company_wechat: '',
              company_whatsapp: '',
              company_qq: '',
              address: '',
            }),
          ],
        }),
    });
    renderApp('/contactUs');
    expect(await screen.findByText('No contact details have been published yet.')).toBeInTheDocument();
  });
});

describe('certificates and inspections', () => {
  const now = Date.now();
  const items = [
    {
      id: 1,
      kind: 'certificate' as const,
      name: 'EN71 Test Report',
      issuer: 'SGS',
      number: 'SGS-2025-1',
      picture: '/files/en71-1.png',
      pictures: ['/files/en71-1.png', '/files/en71-2.png'],
      valid_from: null,
      valid_until: now + 300 * DAY,
      factory: '',
    },
    {
      id: 2,
      kind: 'certificate' as const,
      name: 'Old CE Declaration',
      issuer: 'TÜV',
      number: 'TUV-2019-9',
      picture: '',
      pictures: [],
      valid_from: null,
      valid_until: now - 30 * DAY,
      factory: '',
    },
  ];

  it('marks a certificate whose validity has passed as expired, and only that one', async () => {
    const server = mockApi({ get_certification: () => ok(items) });
    renderApp('/certificates');
    const current = (await screen.findByRole('heading', { name: 'EN71 Test Report' })).closest('li');
    const old = screen.getByRole('heading', { name: 'Old CE Declaration' }).closest('li');
    if (!current || !old) throw new Error('cards missing');
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(current).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(current).getByText('SGS')).toBeInTheDocument();
    expect(within(current).getByText('SGS-2025-1')).toBeInTheDocument();
    // A document of two pages: each page opens on its own.
    expect(
      within(current).getByRole('link', { name: /View the picture of EN71 Test Report \(2\/2\)/ }),
    ).toHaveAttribute('href', '/files/en71-2.png');
    expect(server.named('get_certification')[0]?.body).toMatchObject({ kind: 'certificate' });
  });

  it('shows the factory of an inspection, and a link to the certificates', async () => {
    const server = mockApi({
      get_certification: () =>
        ok([
          {
            id: 3,
            kind: 'inspection',
            name: 'BSCI Factory Audit',
            issuer: 'amfori',
            number: 'AMF-1',
            picture: '',
            pictures: [],
            valid_from: null,
            valid_until: null,
            factory: 'Chenghai Works',
          },
        ]),
    });
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'BSCI Factory Audit' })).toBeInTheDocument();
    expect(screen.getByText('Chenghai Works')).toBeInTheDocument();
    expect(screen.getByText('No expiry date')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Certificate authentication' })).toHaveAttribute(
      'href',
      '/certificates',
    );
    await waitFor(() =>
      expect(server.named('get_certification')[0]?.body).toMatchObject({ kind: 'inspection' }),
    );
  });

  it("shows when a certificate's validity starts beside its end, as dates in the buyer's language", async () => {
    const from = Date.UTC(2025, 2, 14, 12);
    const until = Date.UTC(2027, 2, 13, 12);
    const dated = { ...items[0], id: 7, name: 'ASTM F963 Report', valid_from: from, valid_until: until };
    mockApi({ get_certification: () => ok([dated, items[1]]) });
    await setLanguage(lang('zh'));
    renderApp('/certificates');
    const card = (await screen.findByRole('heading', { name: 'ASTM F963 Report' })).closest('li');
    if (!card) throw new Error('card missing');
    const zhDay = (at: number) => new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium' }).format(at);
    const start = within(card).getByText('生效日期').nextElementSibling;
    expect(start?.querySelector('time')).toHaveTextContent(zhDay(from));
    expect(start?.querySelector('time')).toHaveAttribute('dateTime', '2025-03-14');
    expect(within(card).getByText('有效期至').nextElementSibling).toHaveTextContent(zhDay(until));
    // Without a stated start, nothing is said of one.
    const old = screen.getByRole('heading', { name: 'Old CE Declaration' }).closest('li');
    if (!old) throw new Error('card missing');
    expect(within(old).queryByText('生效日期')).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    mockApi({ get_certification: () => ok([]) });
    renderApp('/certificates');
    expect(await screen.findByText('No certificates have been published yet.')).toBeInTheDocument();
  });
});

describe('the privacy notice', () => {
  it('reads the company privacy text at /agreement/privacy as plain paragraphs, with a way home', async () => {
    storage.setSite({ ...demoSite, show_privacy: 1 });
    const api = mockApi({
      get_privacy: () =>
        ok({
          lang: 'en',
          title: 'Privacy notice',
          body: 'We keep what you send.\n\n<b>Nothing</b> else.',
          company_name: 'x',
        }),
    });
    renderApp('/agreement/privacy');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy notice' });
    await waitFor(() => expect(heading).toHaveFocus());
    const article = screen.getByRole('article');
    expect([...article.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'We keep what you send.',
      '<b>Nothing</b> else.',
    ]);
    expect(article).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: demoSite.company_name_en })).toHaveAttribute('href', '/home');
    expect(api.named('get_privacy')[0]?.headers['Website-ID']).toBe(String(demoSite.id));
  });

  it("says so, in the server's words, when the showroom has no privacy notice", async () => {
    mockApi({
      get_privacy: () => ({ code: -1, data: null, tip: 'This page is not available on this showroom' }),
    });
    renderApp('/agreement/privacy');
    expect(await screen.findByText('This page is not available on this showroom')).toBeInTheDocument();
  });
});
