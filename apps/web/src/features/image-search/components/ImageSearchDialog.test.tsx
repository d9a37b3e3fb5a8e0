import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageByKey, type TempAuth } from '@vitrine/contract';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { setLanguage } from '../../../lib/i18n';
import * as storage from '../../../lib/storage';
import { UploadError, uploadWithCredential } from '../../../lib/upload';
import { type Handler, mockApi, ok } from '../../../test/api-mock';
import { demoSite } from '../../../test/fixtures';
import type * as Upload from '../../../lib/upload';
import type * as ImageIo from '../image-io';
import type { EncodePlan } from '../rules';
import ImageSearchDialog from './ImageSearchDialog';

/** The crop the (fake) crop tool reports, in source pixels, as react-easy-crop does once the picture is drawn. */
const cropper = vi.hoisted(() => ({ area: { x: 0, y: 0, width: 600, height: 400 } }));

// jsdom draws no pictures: the crop tool stands in, reporting `cropper.area` and showing its zoom.
vi.mock('react-easy-crop', async () => {
  const { useEffect, useEffectEvent } = await import('react');
  function FakeCropper(props: {
    zoom: number;
    aspect: number;
    onCropComplete(area: unknown, pixels: typeof cropper.area): void;
  }) {
    // Like the real one: a crop is reported when the frame moves, not on every render.
    const report = useEffectEvent(() => props.onCropComplete(cropper.area, cropper.area));
    useEffect(() => report(), [props.zoom, props.aspect]);
    return <div data-testid="fake-cropper" data-zoom={props.zoom} data-aspect={props.aspect} />;
  }
  return { default: FakeCropper };
});

// Nor does it have canvases: the encoder answers a file of the planned type and size.
const encoded = vi.hoisted(() => ({ plans: [] as EncodePlan[] }));
vi.mock('../image-io', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageIo>()),
  encodeCrop: async (_image: unknown, _crop: unknown, plan: EncodePlan) => {
    encoded.plans.push(plan);
    return new Blob([new Uint8Array(200_000)], { type: plan.type });
  },
}));

vi.mock('../../../lib/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof Upload>()),
  uploadWithCredential: vi.fn(),
}));

const english = languageByKey('en');
if (!english) throw new Error('English missing');

// jsdom's Blob cannot read its bytes; the browser's can.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(this);
    });
  };
}

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const GIF = [...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0];
const WEBP = [...new TextEncoder().encode('RIFF'), 0x24, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')];
const picture = (name: string, type: string, bytes: number[]) =>
  new File([new Uint8Array(bytes)], name, { type });

/** What the browser decodes a picked picture as. */
function decodesAs(width: number, height: number) {
  const decode = vi.fn(async () => ({ width, height, close: vi.fn() }));
  vi.stubGlobal('createImageBitmap', decode);
  return decode;
}

const AUTH: TempAuth = {
  provider: 'local',
  region: '',
  accessKeyId: '',
  accessKeySecret: '',
  stsToken: '',
  bucket: '',
  key: '1/image_search/20250101/abc.jpg',
  upload: { url: '/api/upload', fields: { key: '1/image_search/20250101/abc.jpg', token: 't' } },
  file_url: '/files/1/image_search/20250101/abc.jpg',
  content_type: 'image/jpeg',
  max_bytes: 5 * 1024 * 1024,
  expires_at: Date.now() + 60_000,
};

function Where() {
  const l = useLocation();
  return <p>results at {l.pathname + l.search}</p>;
}

function renderDialog(api: Record<string, Handler> = {}) {
  const server = mockApi(api);
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <ImageSearchDialog opened onClose={onClose} /> },
      { path: '/proSearch', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders templateColor={1} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The file chooser offers JPG, PNG and WebP, but a buyer can still choose "all files".
  const user = userEvent.setup({ applyAccept: false });
  const pick = (file: File) => user.upload(screen.getByLabelText('Choose a picture'), file);
  return { user, server, onClose, pick };
}

const alertText = async () => (await screen.findByRole('alert')).textContent;

/** The Search button, once the crop tool has reported its first crop. */
async function searchButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Search' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

beforeEach(async () => {
  storage.setSite(demoSite);
  await setLanguage(english);
  cropper.area = { x: 0, y: 0, width: 600, height: 400 };
  encoded.plans = [];
  vi.mocked(uploadWithCredential).mockReset();
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:picked' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
});

describe('picking a picture', () => {
  it('refuses a .gif with the type message, without reading it', async () => {
    const decode = decodesAs(800, 600);
    const { pick } = renderDialog();
    await pick(picture('spinner.gif', 'image/gif', GIF));
    expect(await alertText()).toBe('Only JPG, PNG and WebP images can be searched.');
    expect(decode).not.toHaveBeenCalled();
    expect(screen.queryByTestId('image-search-crop')).not.toBeInTheDocument();
  });

  it('refuses a GIF renamed .jpg by what its bytes are', async () => {
    decodesAs(800, 600);
    const { pick } = renderDialog();
    await pick(picture('toy.jpg', 'image/jpeg', GIF));
    expect(await alertText()).toBe('Only JPG, PNG and WebP images can be searched.');
  });

  it('refuses a picture under 200 px on a side, saying how small it is', async () => {
    decodesAs(320, 180);
    const { pick } = renderDialog();
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    expect(await alertText()).toMatch(
      /^This picture is too small \(.*320 × 180.*pixels\): it must be at least 200 × 200\.$/,
    );
    expect(screen.queryByTestId('image-search-crop')).not.toBeInTheDocument();
  });

  it('refuses a picture more than five times longer than wide', async () => {
    decodesAs(1200, 220);
    const { pick } = renderDialog();
    await pick(picture('banner.png', 'image/png', PNG));
    expect(await alertText()).toBe(
      'This picture is too long and narrow: one side may be at most 5 times the other.',
    );
  });

  it('refuses a picture the browser cannot read', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError')),
    );
    const { pick } = renderDialog();
    await pick(picture('broken.jpg', 'image/jpeg', JPEG));
    expect(await alertText()).toBe('This picture could not be read. Please choose another JPG or PNG image.');
  });

  it('takes a JPG or PNG dropped on it to the crop tool', async () => {
    decodesAs(800, 600);
    renderDialog();
    fireEvent.drop(screen.getByTestId('image-search-drop'), {
      dataTransfer: { files: [picture('toy.png', 'image/png', PNG)], types: ['Files'] },
    });
    expect(await screen.findByTestId('image-search-crop')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('cropping', () => {
  it('starts with a frame of the picture’s own shape, and zooms with buttons and a slider too', async () => {
    decodesAs(800, 600);
    const { user, pick } = renderDialog();
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    const tool = await screen.findByTestId('fake-cropper');
    expect(tool).toHaveAttribute('data-aspect', String(800 / 600));
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(tool).toHaveAttribute('data-zoom', '1.5');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(tool).toHaveAttribute('data-zoom', '1.25');

    await user.click(screen.getByRole('radio', { name: 'Square' }));
    expect(tool).toHaveAttribute('data-aspect', '1');
  });

  it('shows the size of the crop in source pixels', async () => {
    decodesAs(800, 600);
    const { pick } = renderDialog();
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    const size = await screen.findByTestId('image-search-crop-size');
    await waitFor(() => expect(size).toHaveTextContent(/^Selected area: .*600 × 400.* px$/));
  });

  it('asks to adjust the scale for a crop under 200 px, and does not search', async () => {
    decodesAs(800, 600);
    cropper.area = { x: 100, y: 100, width: 240, height: 180 };
    const { user, server, pick } = renderDialog();
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    await user.click(await searchButton());

    expect(await alertText()).toBe(
      'The selected area is smaller than 200 × 200 pixels: please adjust the scale.',
    );
    expect(server.calls).toEqual([]);
    expect(uploadWithCredential).not.toHaveBeenCalled();
    expect(screen.getByTestId('image-search-crop')).toBeInTheDocument();
  });
});

describe('searching', () => {
  it('uploads the crop with a credential for its type, then opens the results for it', async () => {
    decodesAs(800, 600);
    vi.mocked(uploadWithCredential).mockImplementation(async (auth, _blob, onProgress) => {
      onProgress?.(0.5);
      onProgress?.(1);
      return auth.file_url;
    });
    const { user, server, onClose, pick } = renderDialog({ get_temp_auth: () => ok(AUTH) });
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    await user.click(await searchButton());

    expect(
      await screen.findByText(`results at /proSearch?url=${encodeURIComponent(AUTH.file_url)}`),
    ).toBeInTheDocument();
    expect(server.named('get_temp_auth')[0]?.body).toMatchObject({
      purpose: 'image_search',
      content_type: 'image/jpeg',
    });
    expect(encoded.plans).toEqual([{ width: 600, height: 400, type: 'image/jpeg', quality: 0.9 }]);
    const [auth, blob] = vi.mocked(uploadWithCredential).mock.calls[0] ?? [];
    expect(auth).toEqual(AUTH);
    expect(blob?.type).toBe('image/jpeg');
    expect(onClose).toHaveBeenCalled();
  });

  it('searches with a showroom picture saved as WebP: decoded here, sent as a JPEG', async () => {
    decodesAs(800, 600);
    vi.mocked(uploadWithCredential).mockResolvedValue(AUTH.file_url);
    const { user, server, pick } = renderDialog({ get_temp_auth: () => ok(AUTH) });
    // Saved before pictures were named by their type: WebP bytes under a .jpg name.
    await pick(picture('drone.jpg', 'image/jpeg', WEBP));
    await user.click(await searchButton());
    await screen.findByText(/^results at/);
    expect(server.named('get_temp_auth')[0]?.body).toMatchObject({ content_type: 'image/jpeg' });
    expect(encoded.plans).toEqual([{ width: 600, height: 400, type: 'image/jpeg', quality: 0.9 }]);
    expect(vi.mocked(uploadWithCredential).mock.calls[0]?.[1]?.type).toBe('image/jpeg');
  });

  it('keeps a PNG a PNG when it is small enough, and asks for a PNG credential', async () => {
    decodesAs(800, 600);
    vi.mocked(uploadWithCredential).mockResolvedValue(AUTH.file_url);
    const { user, server, pick } = renderDialog({
      get_temp_auth: () => ok({ ...AUTH, content_type: 'image/png' }),
    });
    await pick(picture('toy.png', 'image/png', PNG));
    await user.click(await searchButton());
    await screen.findByText(/^results at/);
    expect(server.named('get_temp_auth')[0]?.body).toMatchObject({ content_type: 'image/png' });
  });

  it('returns to the same crop with a message when the upload fails', async () => {
    decodesAs(800, 600);
    vi.mocked(uploadWithCredential).mockRejectedValue(
      new UploadError('network', 0, 'upload failed to start'),
    );
    const { user, pick } = renderDialog({ get_temp_auth: () => ok(AUTH) });
    await pick(picture('toy.jpg', 'image/jpeg', JPEG));
    await user.click(await searchButton());

    expect(await alertText()).toBe('The picture could not be uploaded. Please try again.');
    const confirm = screen.getByTestId('image-search-confirm');
    await waitFor(() => expect(confirm.closest('[inert]')).toBeNull());
    expect(within(screen.getByTestId('image-search-crop')).getByTestId('fake-cropper')).toBeInTheDocument();
  });
});
