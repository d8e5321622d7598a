import { describe, expect, it } from 'vitest';
import { pageQueryOf } from './page-url';

const ENDPOINT = '/api/config/maps/bin%20routing/mappings';

describe('following the returned page URLs', () => {
  it('reads the query of a relative page URL on the same endpoint', () => {
    expect(
      pageQueryOf('/api/config/maps/bin%20routing/mappings?key-prefix=45&after=4500&limit=50', ENDPOINT),
    ).toEqual({ 'key-prefix': '45', after: '4500', limit: '50' });
  });

  it('reads an absolute URL of the same origin, keeping repeated names', () => {
    expect(
      pageQueryOf(
        `${window.location.origin}/api/config/maps/bin%20routing/mappings?state=a&state=b&page=2`,
        ENDPOINT,
      ),
    ).toEqual({ state: ['a', 'b'], page: '2' });
  });

  it('follows a page URL without a query as the endpoint itself', () => {
    expect(pageQueryOf('/api/config/maps/bin%20routing/mappings', ENDPOINT)).toEqual({});
  });

  it('works when the config API sits on another origin named in the runtime configuration', () => {
    const endpoint = 'https://config.example/api/config/maps/m/mappings';
    expect(pageQueryOf('https://config.example/api/config/maps/m/mappings?page=3', endpoint)).toEqual({
      page: '3',
    });
    expect(pageQueryOf('/api/config/maps/m/mappings?page=3', endpoint)).toEqual({ page: '3' });
  });

  it('refuses a missing page, another origin, another path and a malformed URL', () => {
    expect(pageQueryOf(null, ENDPOINT)).toBeNull();
    expect(pageQueryOf(undefined, ENDPOINT)).toBeNull();
    expect(pageQueryOf('', ENDPOINT)).toBeNull();
    expect(
      pageQueryOf('https://evil.example/api/config/maps/bin%20routing/mappings?page=2', ENDPOINT),
    ).toBeNull();
    expect(pageQueryOf('/api/config/maps/other/mappings?page=2', ENDPOINT)).toBeNull();
    expect(pageQueryOf('http://[bad', ENDPOINT)).toBeNull();
  });
});
