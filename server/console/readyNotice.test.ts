import { describe, expect, it } from 'vitest';
import { readyNotice } from './readyNotice';

describe('the start-up notice', () => {
  const publicUrl = 'http://localhost:8787';

  it('frames where to go, and on the first start the generated admin, in one box of even lines', () => {
    const text = readyNotice({ publicUrl, serving: true, admin: { username: 'admin', password: 's3cret-pass' } });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(text).toContain('Open:        http://localhost:8787 ');
    expect(text).toContain('Admin login: http://localhost:8787/xk9j2m4p/login');
    expect(text).toContain('Username: admin');
    expect(text).toContain('Password: s3cret-pass');
  });

  it('leaves the admin out on later starts, and says a worker serves no pages', () => {
    const later = readyNotice({ publicUrl, serving: true, admin: null });
    expect(later).toContain('Causemint is running.');
    expect(later).not.toContain('Password');
    const worker = readyNotice({ publicUrl, serving: false });
    expect(worker).toContain('jobs only, no HTTP');
    expect(worker).not.toContain('Open:');
  });

  it('says the demo campaigns are on their way when the box comes before they are launched', () => {
    const text = readyNotice({ publicUrl, serving: true, demoLaunching: true });
    expect(text).toContain('The demo campaigns are being launched');
    expect(text).toContain('within a minute or two');
    expect(readyNotice({ publicUrl, serving: true })).not.toContain('demo');
  });
});
