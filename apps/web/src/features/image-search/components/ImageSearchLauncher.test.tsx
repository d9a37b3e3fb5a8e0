import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageByKey } from '@vitrine/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { setLanguage } from '../../../lib/i18n';
import * as storage from '../../../lib/storage';
import { demoSite } from '../../../test/fixtures';
import { closeImageSearch } from '../launcher';
import { ImageSearchButton, ImageSearchHost } from './ImageSearchLauncher';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

function renderHeaderPart() {
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <>
            <input aria-label="Search products" />
            <ImageSearchButton />
            <ImageSearchHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <AppProviders templateColor={1} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  closeImageSearch();
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe('the camera button', () => {
  // First in this file: the dialog's code is loaded on the first click, and only that first
  // dialog (mounted already open) lost the focus on closing.
  it('gets the focus back when the dialog closes, the first time and the next', async () => {
    const user = renderHeaderPart();
    const camera = screen.getByRole('button', { name: 'Search by image' });
    for (const close of ['{Escape}', 'button'] as const) {
      await user.click(camera);
      const dialog = await screen.findByRole('dialog', { name: 'Search by image' });
      await waitFor(() => expect(within(dialog).getByLabelText('Choose a picture')).toHaveFocus());
      if (close === 'button') await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      else await user.keyboard(close);
      await waitFor(() => expect(camera).toHaveFocus());
    }
  });

  it('is reached with the keyboard and opens the image-search dialog on its file chooser', async () => {
    const user = renderHeaderPart();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Search products' }));
    await user.tab();
    const camera = screen.getByRole('button', { name: 'Search by image' });
    expect(camera).toHaveFocus();
    expect(camera).toHaveAttribute('aria-haspopup', 'dialog');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Search by image' });
    const chooser = within(dialog).getByLabelText('Choose a picture');
    await waitFor(() => expect(chooser).toHaveFocus());
  });

  it('closes the dialog with Escape, and opens it afresh', async () => {
    const user = renderHeaderPart();
    await user.click(screen.getByRole('button', { name: 'Search by image' }));
    await screen.findByRole('dialog', { name: 'Search by image' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Search by image' }));
    expect(await screen.findByRole('dialog', { name: 'Search by image' })).toBeInTheDocument();
  });
});
