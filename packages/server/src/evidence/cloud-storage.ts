// Evidence files in Cloud Storage (production): private objects in the project's default bucket,
// read only through V4 signed URLs that download them as attachments for a few minutes. The bucket
// needs no public access and no rules for it: browsers never reach it but through such a link.
import type { getStorage } from 'firebase-admin/storage';
import { attachmentDisposition, type EvidenceFiles } from './port';

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

export function createCloudStorageEvidenceFiles(bucket: () => Bucket): EvidenceFiles {
  return {
    async save(key, bytes, { fileName, contentType }) {
      await bucket()
        .file(key)
        .save(bytes, {
          resumable: false,
          contentType,
          metadata: {
            contentDisposition: attachmentDisposition(fileName),
            cacheControl: 'private, no-store',
          },
        });
    },
    async downloadUrl(key, { fileName, contentType }, expiresAt) {
      const [url] = await bucket()
        .file(key)
        .getSignedUrl({
          version: 'v4',
          action: 'read',
          expires: expiresAt,
          responseDisposition: attachmentDisposition(fileName),
          responseType: contentType,
        });
      return url;
    },
    async remove(key) {
      await bucket().file(key).delete({ ignoreNotFound: true });
    },
    async removeAll(prefix) {
      await bucket().deleteFiles({ prefix, force: true });
    },
  };
}
