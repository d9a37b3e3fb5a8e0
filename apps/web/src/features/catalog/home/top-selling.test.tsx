import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { languageByKey } from '@vitrine/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { mockApi, ok } from '../../../test/api-mock';
import { demoSite, productCard } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { TopSellingSection } from './parts';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

beforeEach(async () => {
  queryClient.clear();
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe("the home page's top-selling list", () => {
  it("links 'More' to the full list of the region chosen, and of all regions without one", async () => {
    mockApi({
      get_location_list: () =>
        ok([
          { id: 3, name: 'Middle East' },
          { id: 4, name: 'South America' },
        ]),
      get_hot: () => ok({ list: [productCard(1)], total: 1, page: 1, page_size: 10 }),
    });
    renderRoutes(
      [{ path: '/home', element: <TopSellingSection variant="plain" block="shelf" /> }],
      '/home?region=3',
    );
    const more = () => screen.getByRole('link', { name: `More: ${en.web.home.topSelling}` });
    await screen.findByRole('option', { name: 'South America' });
    expect(more()).toHaveAttribute('href', '/productDisplay?sort=popularity&region=3');

    await userEvent.setup().selectOptions(screen.getByLabelText(en.web.home.region), 'South America');
    await waitFor(() => expect(more()).toHaveAttribute('href', '/productDisplay?sort=popularity&region=4'));
    await userEvent.setup().selectOptions(screen.getByLabelText(en.web.home.region), en.web.home.allRegions);
    await waitFor(() => expect(more()).toHaveAttribute('href', '/productDisplay?sort=popularity'));
  });
});
