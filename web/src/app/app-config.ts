import { api } from './api';

/** Deployment settings the gateway serves at /app-config.json. */
export interface AppConfig {
  demo: boolean;
  /** Admins with an e-mail in this domain see Manage Products. */
  vendorEmailDomain: string;
  /** Origins whose postMessage LOGIN/LOGOUT are accepted. */
  trustedOrigins: string[];
  environment: 'development' | 'production' | 'test';
  /** Host routing: hosts of the user area and of the index; empty turns it off. */
  usersHost?: string;
  indexHost?: string;
  /** The carbon calculator site (login chooser, user-area sidebar); empty when there is none. */
  carbonCalculatorUrl?: string;
  /** Sources of the how-to videos (null: not published on this installation). */
  howToVideos?: { purchasingAccess: VideoSource | null; useTheIndex: VideoSource | null };
}

/** A video URL and its WebVTT captions. */
export interface VideoSource {
  src: string;
  captions: string | null;
}

export const appConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    appConfig: build.query<AppConfig, void>({ query: () => 'app-config.json', keepUnusedDataFor: 3600 }),
  }),
});

export const { useAppConfigQuery } = appConfigApi;
