/**
 * Media files: where uploads are stored and how they are checked and re-encoded. Used by the
 * features that own what a file belongs to (profile photos, post media); serving a file to the
 * members who may see it is features/media-access.
 */
export {
  createLocalStorage,
  deleteMediaFiles,
  MEDIA_KEY_PATTERN,
  mediaKeyFromUrl,
  mediaUrl,
  newMediaKey,
  readMediaBytes,
  type ByteRange,
  type MediaBody,
  type MediaStorage,
  type StoredMediaInfo,
} from './storage.js';
export { createS3Client, createS3Storage, type S3StorageConfig } from './s3-storage.js';
export {
  isImageMime,
  isVideoMime,
  processImage,
  readStoredImageDimensions,
  resizeStoredImage,
  readVideoDimensions,
  sniffMediaFile,
  sniffMediaType,
} from './processing.js';
export {
  IMAGE_COPY_WIDTHS,
  mediaCopyKey,
  putImageWithCopies,
  THUMBNAIL_COPY_WIDTHS,
  type ImageCopy,
} from './variants.js';
export { cleanVideo, cleanVideoFile, type CleanedVideoFile } from './video.js';
