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
 * guide beside it. Without a configured source there is no player at all: the guide stands alone.
 */
export function VideoPlayer({ source, title, guideId, loading }: VideoPlayerProps) {
  if (!loading && !source) return null;
  return (
    <figure className="video-player">
      {loading ? (
        <div className="video-frame video-empty" role="status">
          Loading the video…
        </div>
      ) : (
        source && (
          <video className="video-frame" controls preload="metadata" aria-label={title} aria-describedby={guideId} crossOrigin="anonymous">
            <source src={source.src} />
            {source.captions && <track kind="captions" src={source.captions} srcLang="en" label="English" default />}
            Your browser cannot play this video. The written guide covers the same steps.
          </video>
        )
      )}
      <figcaption className="muted small">
        {title}
        {source && !source.captions && ' (no captions: the written guide has the same content)'}
      </figcaption>
    </figure>
  );
}
