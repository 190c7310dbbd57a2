export * from './api/index';
export * from './schemas/profiles';
export * from './schemas/communities';
export * from './schemas/members';
