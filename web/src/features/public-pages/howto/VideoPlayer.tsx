import type { VideoSource } from '../../../app/app-config';

export interface VideoPlayerProps {
  /** Configured source (gateway HOWTO_VIDEO_*); null or undefined when none is published. */
  source: VideoSource | null | undefined;
  title: string;
  /** id of the written guide, which the player points to as its text alternative. */
  guideId: string;
  loading?: boolean;
}

/**
 * The how-to video: the configured file with its captions, described by the written
 * guide beside it. Without a configured source the guide stands alone and says so.
 */
export function VideoPlayer({ source, title, guideId, loading }: VideoPlayerProps) {
  return (
    <figure className="video-player">
      {loading ? (
        <div className="video-frame video-empty" role="status">
          Loading the video…
        </div>
      ) : source ? (
        <video className="video-frame" controls preload="metadata" aria-label={title} aria-describedby={guideId} crossOrigin="anonymous">
          <source src={source.src} />
          {source.captions && <track kind="captions" src={source.captions} srcLang="en" label="English" default />}
          Your browser cannot play this video. The written guide covers the same steps.
        </video>
      ) : (
        <div className="video-frame video-empty">
          <p>
            <span aria-hidden="true" className="video-empty-icon">
              ▶
            </span>
            The video of this guide is not published on this installation.
          </p>
          <p>
            <a href={`#${guideId}`}>Follow the written guide</a>: it covers every step.
          </p>
        </div>
      )}
      <figcaption className="muted small">
        {title}
        {source && !source.captions && ' (no captions: the written guide has the same content)'}
      </figcaption>
    </figure>
  );
}
