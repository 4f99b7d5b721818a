import { endpoints } from '@tsunagu/contract/api';
import { ApiError } from '@tsunagu/contract/envelope';
import { isMissingRecordingFile, recordingMessages } from '@tsunagu/contract/pbx/recording';
import { fetchBlob } from '../../shared/api/client';

/** 'play' streams any recording inline; 'download' is refused for the built-in (DEFAULT) ones. */
export type RecordingFilePurpose = 'play' | 'download';

/**
 * GET /v1/recording/playFile or downloadFile as a Blob, sent with the Bearer token. A file under
 * 100 bytes counts as missing: 'ファイルが見つかりません.' (spec 8).
 */
export async function fetchRecordingFile(
  purpose: RecordingFilePurpose,
  fileName: string,
  domainUuid: string,
): Promise<Blob> {
  const endpoint = purpose === 'play' ? endpoints.recordingPlay : endpoints.recordingDownload;
  const blob = await fetchBlob(endpoint, { query: { fileName, domainUuid } });
  if (isMissingRecordingFile(blob.size)) throw new ApiError(404, recordingMessages.notFound);
  return blob;
}
