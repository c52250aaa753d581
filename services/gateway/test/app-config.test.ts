import { testContextForTests } from '@cti/testing';

import { gatewayService } from '../src/app';

const context = testContextForTests();

it('publishes the how-to video sources it is configured with, and null when none is', async () => {
  const gateway = await context.ctx.start(gatewayService, {
    HOWTO_VIDEO_USE_THE_INDEX_URL: 'https://media.example.org/use-the-index.mp4',
    HOWTO_VIDEO_USE_THE_INDEX_CAPTIONS_URL: 'https://media.example.org/use-the-index.en.vtt',
  });
  const res = await gateway.inject({ method: 'GET', url: '/app-config.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.json().howToVideos).toEqual({
    purchasingAccess: null,
    useTheIndex: { src: 'https://media.example.org/use-the-index.mp4', captions: 'https://media.example.org/use-the-index.en.vtt' },
  });
});
