export * from './common.js';
export * from './auth.js';
export * from './profiles.js';
export * from './geo.js';
export * from './users.js';
export * from './plans.js';
export * from './posts.js';
export * from './connections.js';
