import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorText } from './api.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('asks again with the validator it holds, answers a 304 with the kept answer, and a write drops it', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const withEtag = new Response(JSON.stringify({ n: 1 }), {
      headers: { 'content-type': 'application/json', etag: '"v1"' },
    });
    fetchMock.mockResolvedValueOnce(withEtag);
    expect(await api.get('/api/user/progress')).toEqual({ n: 1 });

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    expect(await api.get('/api/user/progress')).toEqual({ n: 1 });
    const sent = fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(sent['If-None-Match']).toBe('"v1"');

    // The page's own write: its answer is written into the page's cache, so nothing kept is offered.
    fetchMock.mockResolvedValueOnce(json({ message: 'ok' }));
    await api.post('/api/vote', { body: { businessId: 1 } });
    fetchMock.mockResolvedValueOnce(json({ n: 2 }));
    expect(await api.get('/api/user/progress')).toEqual({ n: 2 });
    const after = fetchMock.mock.calls[3]?.[1]?.headers as Record<string, string>;
    expect(after['If-None-Match']).toBeUndefined();
  });

  it("asks for answers in the page's language", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'es' } });
    const fetchMock = stubFetch(json({ id: 1 }));
    await api.get('/api/businesses');
    const sent = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(sent['Accept-Language']).toBe('es');
  });

  it('sends JSON with cookies and returns the JSON answer', async () => {
    const fetchMock = stubFetch(json({ id: 1 }));
    const result = await api.post<{ id: number }>('/api/thing', { body: { a: 1 } });
    expect(result).toEqual({ id: 1 });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/thing');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no Content-Type without a body (the server rejects empty JSON bodies)', async () => {
    const fetchMock = stubFetch(json({ message: 'Logged out' }));
    await api.post('/api/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws '{status}: {message}' with the server's message kept apart", async () => {
    stubFetch(json({ message: 'Invalid username or password' }, 401, 'Unauthorized'));
    const error = await api.get('/api/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: Invalid username or password');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid username or password');
    expect(errorText(error, 'fallback')).toBe('Invalid username or password');
  });

  it('falls back to the body text, then the status text', async () => {
    stubFetch(new Response('Bad gateway here', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/x')).rejects.toThrow('502: Bad gateway here');
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorText(error, 'fallback')).toBe('fallback');
  });
});
