import type { ReactNode } from 'react';

import { useAppConfigQuery, type AppConfig } from '../../../app/app-config';
import { PageHeader } from '../../../components/layout/PageHeader';

import { VideoPlayer } from './VideoPlayer';
import '../public-pages.css';

export interface GuideStep {
  title: string;
  body: ReactNode;
}

export interface HowToLayoutProps {
  title: string;
  lead: ReactNode;
  video: keyof NonNullable<AppConfig['howToVideos']>;
  steps: readonly GuideStep[];
  /** Links and notes under the guide. */
  aside?: ReactNode;
}

/** A how-to page: the video player and, beside it, the written step-by-step guide. */
export function HowToLayout({ title, lead, video, steps, aside }: HowToLayoutProps) {
  const { data: config, isLoading } = useAppConfigQuery();
  const guideId = `guide-${video}`;
  const source = config?.howToVideos?.[video];
  // no video published: no empty player, the written guide takes the page
  const withVideo = isLoading || !!source;
  return (
    <section aria-labelledby="howto-title">
      <PageHeader titleId="howto-title" eyebrow="Guides" title={title} lead={lead} />
      <div className={withVideo ? 'howto-layout' : 'howto-layout howto-guide-only'}>
        {withVideo && (
          <div className="howto-video">
            <VideoPlayer source={source} title={`Video: ${title}`} guideId={guideId} loading={isLoading} />
          </div>
        )}
        <section className="howto-guide card" aria-labelledby={`${guideId}-title`}>
          <h2 id={`${guideId}-title`}>Step by step</h2>
          <ol className="steps" id={guideId}>
            {steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <div>{step.body}</div>
              </li>
            ))}
          </ol>
          {aside}
        </section>
      </div>
    </section>
  );
}
