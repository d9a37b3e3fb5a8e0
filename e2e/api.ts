/**
 * A call of the showroom's API at `baseUrl`, as the browser makes it: the answer's data, or an
 * error naming the call, its code and its tip.
 */
export async function callApi<T>(
  baseUrl: string,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; tip: string };
  if (json.code !== 0) throw new Error(`${name}: ${json.code} ${json.tip}`);
  return json.data;
}

/** Logs in to the showroom `site` with an access code or password; the headers of its calls. */
export async function sessionHeaders(baseUrl: string, site: string, code: string) {
  const info = await callApi<{ id: number }>(baseUrl, 'get_website_info', { site });
  const session = await callApi<{ token: string }>(baseUrl, 'login', { website_id: info.id, code });
  return { 'website-id': String(info.id), authorization: `Bearer ${session.token}` };
}

/**
 * What the browser does to search by photo, up to the search: get_temp_auth, then the file to the
 * credential's upload URL. Answers the file_url that image_search takes.
 */
export async function uploadSearchPhoto(
  baseUrl: string,
  headers: Record<string, string>,
  photo: Buffer,
): Promise<string> {
  const auth = await callApi<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
    baseUrl,
    'get_temp_auth',
    { purpose: 'image_search', content_type: 'image/jpeg' },
    headers,
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const uploaded = await fetch(new URL(auth.upload.url, baseUrl), { method: 'POST', body: form });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  return auth.file_url;
}
