import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../src/api';
import { identityErrorText } from '../src/identity/format';
import { lobbyRefusal } from '../src/lobby/client';

/** Answers every fetch with `status`, a JSON `body` and `headers`; returns the mock. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const f = vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status, headers }));
  vi.stubGlobal('fetch', f);
  return f;
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the request was not refused');
}

afterEach(() => vi.unstubAllGlobals());

describe('the one request helper', () => {
  it('sends JSON with this site cookies and reads JSON back; 202 and 204 carry nothing', async () => {
    const f = answer(200, { ok: 1 });
    expect(await request('POST', '/api/x', { a: 1 })).toEqual({ ok: 1 });
    expect(f).toHaveBeenCalledWith('/api/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}', credentials: 'same-origin' });
    answer(204, null);
    expect(await request('DELETE', '/api/x')).toBeUndefined();
    answer(202, null);
    expect(await request('POST', '/api/x')).toBeUndefined();
  });

  it('a refusal keeps the server code and message, and a 429 its Retry-After in whole seconds', async () => {
    answer(429, { error: { code: 'rate_limited', message: 'too many failed logins' } }, { 'retry-after': '59.2' });
    const e = await refusal(request('POST', '/api/session', {}));
    expect([e.code, e.message, e.status, e.retryAfterS]).toEqual(['rate_limited', 'too many failed logins', 429, 60]);
    answer(409, { error: { code: 'name_taken', message: 'taken' } });
    expect((await refusal(request('PUT', '/api/me/name', {}))).retryAfterS).toBeNull();
    answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'retry-after': 'soon' });
    expect((await refusal(request('POST', '/api/x'))).retryAfterS).toBeNull();
  });

  it('a body that is not JSON keeps the status; an unreachable server is `network`', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 502 })));
    const e = await refusal(request('GET', '/api/x'));
    expect([e.code, e.message, e.status]).toEqual(['http_502', 'The server answered 502.', 502]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const n = await refusal(request('GET', '/api/x'));
    expect([n.code, n.status, n.retryAfterS]).toEqual(['network', 0, null]);
  });

  it('the lobby and the identity bar both say how long to wait', () => {
    const busy = new ApiError('too_many_challenges', 'too many open challenges', 429, 20);
    expect(lobbyRefusal(busy)).toBe('Too many open challenges. Try again in 20 s.');
    expect(lobbyRefusal(new ApiError('too_many_challenges', 'too many open challenges', 429))).toBe('Too many open challenges. Try again a little later.');
    const limited = new ApiError('rate_limited', 'at most 3 accounts an hour are made from one address', 429, 3600);
    expect(identityErrorText(limited, limited.retryAfterS)).toBe('At most 3 accounts an hour are made from one address. Try again in 60 minutes.');
  });
});
