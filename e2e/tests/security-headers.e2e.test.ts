import { sessionsPerTest, takeCspViolations } from '../support/browser';

/**
 * The web app's own defences, seen from the browser: the gateway's Content Security Policy
 * is enforced (an injected inline script does not run, and the journeys' CSP guard sees
 * it), and the media player plays this origin's video and captions under it. The map,
 * the PDF viewer and every other screen are held to the same policy by their own
 * journeys (e2e/support/csp-guard.ts fails any journey that meets a violation).
 */
const session = sessionsPerTest('security-headers');

/** Half a second of silence as an 8 kHz mono WAV: a media file any Chromium plays. */
function silentWav(): Buffer {
  const samples = 4000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

it('sends the security headers with the app', async () => {
  const { page } = await session();
  const res = await page.request.get('/login');
  const headers = res.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain('frame-ancestors');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-served-by']).toBeUndefined();
});

it('refuses inline script, and the CSP guard of the journeys sees the refusal', async () => {
  const { page } = await session();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).waitFor();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 0));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  let seen: string[] = [];
  for (let i = 0; i < 100 && !seen.length; i++) {
    seen = takeCspViolations();
    if (!seen.length) await page.waitForTimeout(100);
  }
  expect(seen.join('\n')).toMatch(/script-src/);
});

it('plays a how-to video with captions from this origin under the policy', async () => {
  const { page } = await session();
  // the installation's video settings, as the gateway would give them with HOWTO_VIDEO_* on this origin
  await page.route('**/app-config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    const video = { src: '/media/use-the-index.wav', captions: '/media/use-the-index.vtt' };
    await route.fulfill({ json: { ...config, howToVideos: { purchasingAccess: null, useTheIndex: video } } });
  });
  await page.route('**/media/use-the-index.wav', (route) => route.fulfill({ body: silentWav(), contentType: 'audio/wav' }));
  await page.route('**/media/use-the-index.vtt', (route) =>
    route.fulfill({ body: 'WEBVTT\n\n00:00.000 --> 00:00.400\nOpen the index.\n', contentType: 'text/vtt' }),
  );
  await page.goto('/useTheIndex');
  const video = page.locator('video.video-frame');
  await video.waitFor();
  await page.waitForFunction(() => ((document.querySelector('video.video-frame') as HTMLVideoElement | null)?.readyState ?? 0) >= 1, null, {
    timeout: 30_000,
  });
  const state = await video.evaluate(async (el: HTMLVideoElement) => {
    const track = el.textTracks[0];
    if (track) track.mode = 'showing';
    await el.play().catch(() => undefined);
    return { duration: el.duration, error: el.error?.code ?? null };
  });
  expect(state.error).toBeNull();
  expect(state.duration).toBeGreaterThan(0.4);
  await page.waitForFunction(
    () => ((document.querySelector('video.video-frame') as HTMLVideoElement).textTracks[0]?.cues?.length ?? 0) > 0,
    null,
    {
      timeout: 30_000,
    },
  );
});
