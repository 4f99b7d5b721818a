import type { Recording } from '@tsunagu/contract/pbx/recording';
import { userInfoFixture } from './fixtures';
import { envelope } from './mock-api';

const { domainUuid } = userInfoFixture().user;

/** The fixture tenant's own announcement, 代表挨拶 (welcome.wav). */
const greetingRecording: Recording = {
  recordingUuid: '55555555-5555-4555-8555-555555555555',
  domainUuid,
  recordingName: '代表挨拶',
  recordingFilename: 'welcome.wav',
  recordingDescription: null,
};

/**
 * The mockApi handler listing the fixture tenant's audio files (those the IVR and ring-group dialogs
 * offer), to spread into the handlers.
 */
export function recordingsApi() {
  return {
    [`GET /api/v1/recording/${domainUuid}`]: () => envelope(200, '', { list: [greetingRecording] }),
  };
}
