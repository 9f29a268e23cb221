/**
 * Photo verification (issue 17): pose challenges, selfies compared with the member's profile
 * photos by a face model in worker threads, and the moderators' review of the close calls. The
 * mark itself is a column of the member's row, written through users' front door.
 */
export { photoVerificationRoutes } from './routes.js';
export { recheckMainPhoto, useFaceAnalyzer } from './service.js';
export type { DetectedFace, FaceAnalyzer } from './face-analyzer.js';
