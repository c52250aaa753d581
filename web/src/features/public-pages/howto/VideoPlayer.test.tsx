import { render, screen } from '@testing-library/react';

import { VideoPlayer } from './VideoPlayer';

describe('how-to video player', () => {
  it('plays the configured source with its captions, described by the written guide', () => {
    const { container } = render(
      <VideoPlayer source={{ src: '/media/use.mp4', captions: '/media/use.vtt' }} title="Video: Using the Index" guideId="guide-x" />,
    );
    const video = container.querySelector('video')!;
    expect(video.getAttribute('aria-describedby')).toBe('guide-x');
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/media/use.mp4');
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe('/media/use.vtt');
  });

  it('shows no player at all when no video is configured: the written guide stands alone', () => {
    const { container } = render(<VideoPlayer source={null} title="Video: Using the Index" guideId="guide-x" />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByText(/not published/)).toBeNull();
  });
});
