// The footer's app-store and social links come from the environment (server/platform/env.ts), each shown
// only when set (components/layout/site-footer.tsx).

const NAMES = ['APP_GOOGLE_PLAY_URL', 'APP_STORE_URL', 'SOCIAL_FACEBOOK_URL', 'SOCIAL_YOUTUBE_URL', 'SOCIAL_INSTAGRAM_URL', 'SOCIAL_LINKEDIN_URL'] as const;

/** externalLinks() as a fresh server would read it with these settings (it keeps what it read once). */
function linksWith(settings: Partial<Record<(typeof NAMES)[number], string>>): unknown {
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, settings);
  try {
    let read: () => unknown = () => undefined;
    jest.isolateModules(() => {
      read = (jest.requireActual('./env') as typeof import('./env')).externalLinks;
    });
    return read();
  } finally {
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

describe('externalLinks', () => {
  it('has no link while nothing is set (the footer then shows none)', () => {
    expect(linksWith({})).toEqual({ googlePlay: undefined, appStore: undefined, facebook: undefined, youtube: undefined, instagram: undefined, linkedin: undefined });
    expect(linksWith({ SOCIAL_FACEBOOK_URL: '  ' })).toMatchObject({ facebook: undefined });
  });

  it('reads the addresses that are set', () => {
    expect(
      linksWith({ APP_GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=com.example.kz', SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@kz' }),
    ).toEqual({
      googlePlay: 'https://play.google.com/store/apps/details?id=com.example.kz',
      appStore: undefined,
      facebook: undefined,
      youtube: 'https://www.youtube.com/@kz',
      instagram: undefined,
      linkedin: undefined,
    });
  });

  it('refuses an address that is not http(s), naming the setting', () => {
    expect(() => linksWith({ SOCIAL_LINKEDIN_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_LINKEDIN_URL/);
    expect(() => linksWith({ APP_STORE_URL: 'apps.apple.com/app/kz' })).toThrow(/APP_STORE_URL/);
  });
});
